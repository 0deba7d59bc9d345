/**
 * Inspect and replay a dead-letter topic (docs/decisions.md "Dead letters").
 *
 *   npm run dlq -- list <topic> [--prefix P]
 *   npm run dlq -- replay <topic> [--event-id ID] [--prefix P]
 *
 * <topic> is the logical topic ("notifications", "event-requests"); its dead letters are on
 * "<prefix><topic>.dlq". `list` prints each parked message: where it sits, its event id and type,
 * why it was parked and the error, where it came from, when, and whether it was replayed.
 * `replay` republishes what was not replayed yet (or only one event) to the original topic and
 * records each replay on the dead-letter topic, so running it again replays nothing twice.
 * Uses KAFKA_BROKERS (default: the local broker) and KAFKA_TOPIC_PREFIX unless --prefix is given.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { createBus, createLogger, kafkaEnvShape, listDeadLetters, loadConfig, replayDeadLetters, type DeadLetter } from "@amia/kit";

const USAGE = "usage: npm run dlq -- list <topic> [--prefix P]\n       npm run dlq -- replay <topic> [--event-id ID] [--prefix P]";

const env = loadConfig("dlq", z.object(kafkaEnvShape));
const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { prefix: { type: "string" }, "event-id": { type: "string" } },
});
const [command, topic] = positionals;
if ((command !== "list" && command !== "replay") || !topic || positionals.length > 2) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
if (command === "list" && values["event-id"] !== undefined) {
  process.stderr.write(`--event-id applies to replay only\n${USAGE}\n`);
  process.exit(2);
}

const bus = createBus({ brokers: env.KAFKA_BROKERS, clientId: "dlq-tool", logger: createLogger("dlq", "warn"), topicPrefix: values.prefix ?? env.KAFKA_TOPIC_PREFIX });
const where = `${bus.topicName(topic)}.dlq`;
try {
  if (command === "list") {
    const letters = await listDeadLetters(bus, topic);
    const waiting = letters.filter((letter) => letter.replayedAt === undefined).length;
    console.log(`${where}: ${letters.length} parked message(s), ${waiting} not replayed`);
    for (const letter of letters) console.log(describe(letter));
  } else {
    const eventId = values["event-id"];
    const { replayed, alreadyReplayed } = await replayDeadLetters(bus, topic, eventId === undefined ? {} : { eventId });
    for (const letter of replayed) console.log(`replayed ${letter.position} ${letter.eventType ?? "?"} ${letter.eventId ?? "(no event id)"} → ${letter.originalTopic}`);
    for (const letter of alreadyReplayed) console.log(`skipped  ${letter.position} ${letter.eventId ?? "(no event id)"}: already replayed at ${letter.replayedAt}`);
    console.log(`${where}: ${replayed.length} replayed, ${alreadyReplayed.length} already replayed before`);
    if (eventId !== undefined && replayed.length + alreadyReplayed.length === 0) {
      process.stderr.write(`no dead letter with event id ${eventId} on ${where}\n`);
      process.exitCode = 1;
    }
  }
} finally {
  await bus.close();
}

function describe(letter: DeadLetter): string {
  return [
    `- ${letter.position}  ${letter.eventType ?? "(unknown type)"}  ${letter.eventId ?? "(no event id)"}`,
    `    reason: ${letter.reason ?? "?"}   error: ${letter.error ?? "?"}`,
    `    from: ${letter.originalTopic ?? "?"} partition ${letter.originalPartition ?? "?"} offset ${letter.originalOffset ?? "?"}   group: ${letter.consumerGroup ?? "?"}   parked: ${letter.failedAt ?? "?"}`,
    `    ${letter.replayedAt ? `replayed: ${letter.replayedAt}` : "not replayed"}`,
  ].join("\n");
}
