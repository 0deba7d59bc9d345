/**
 * A process that joins a consumer group and waits: a test kills it with SIGKILL to leave a dead
 * member in the group, as a crashed replica does. Env: KAFKA_BROKERS, KAFKA_TOPIC_PREFIX, GROUP_ID.
 */
import { createBus } from "../bus/bus.ts";
import { pino } from "pino";

const bus = createBus({
  brokers: (process.env.KAFKA_BROKERS ?? "127.0.0.1:9092").split(","),
  clientId: "doomed-member",
  logger: pino({ level: "silent" }),
  topicPrefix: process.env.KAFKA_TOPIC_PREFIX ?? "",
});
await bus.consumer({ groupId: process.env.GROUP_ID ?? "doomed", handlers: { "user.registered": async () => undefined } }).start();
process.stdout.write("joined\n");
setInterval(() => undefined, 60_000);
