import { logLevel, type LogEntry } from "kafkajs";

/**
 * The kafkajs protocol errors that mean "this partition's leadership is still settling": on a
 * topic created a moment ago the broker answers them for a few milliseconds after the metadata
 * already names a leader (seen on every fresh topic: a dozen "Response ListOffsets" errors from
 * the calendar's consumers at their first start). kafkajs marks them retriable and retries the
 * request itself; if the retries run out, the operation fails and that failure is what we log.
 * The messages are kafkajs's own (src/protocol/error.js), the only thing its log entry carries.
 */
const SETTLING_LEADERSHIP_ERRORS = new Set([
  "This server does not host this topic-partition",
  "There is no leader for this topic-partition as we are in the middle of a leadership election",
  "This server is not the leader for that topic-partition",
  // REBALANCE_IN_PROGRESS: the answer to a heartbeat or sync while a group rebalances, which it
  // does each time a replica joins or leaves (npm start -- --replicas): kafkajs rejoins by
  // itself and says so once, at warn ("The group is rebalancing, re-joining").
  "The group is rebalancing, so a rejoin is needed",
]);

/**
 * CreateTopics answered with per-topic errors: when processes start together (several replicas of
 * one service above all) they create the same topics at once and all but one hear "already
 * exists", which kafkajs resolves as success. Any other creation error kafkajs throws, and
 * ensureTopics fails with it (logged by its caller): this line adds nothing to that.
 */
const isCreateTopicsResponse = (log: LogEntry["log"]) =>
  log.message === "Response CreateTopics(key: 19, version: 3)" && String((log as { error?: unknown }).error) === "Topic creation errors";

/**
 * The level a kafkajs log entry is logged at: kafkajs's own, except that a protocol response
 * carrying a leadership-settling error (above) or CreateTopics' per-topic errors is debug, not
 * error — it is retried or resolved, not lost, and at error level it fills every first start's
 * log with alarms nobody must act on.
 */
export function kafkajsLogLevel(level: logLevel, log: LogEntry["log"]): "error" | "warn" | "debug" {
  const isSettlingResponse = typeof log.message === "string" && log.message.startsWith("Response ") && SETTLING_LEADERSHIP_ERRORS.has(String((log as { error?: unknown }).error));
  if (level === logLevel.ERROR) return isSettlingResponse || isCreateTopicsResponse(log) ? "debug" : "error";
  if (level === logLevel.WARN) return "warn";
  return "debug";
}
