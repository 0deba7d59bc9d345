/**
 * One replica of a consuming service, as its own process, for replicas.int.test.ts: the kit's bus
 * consumer in the group REPLICA_GROUP (a user.registered handler, so it reads `users`), whose
 * effect is idempotent as every consumer's is (STYLE.md §5): one `effects` document per event,
 * its `_id` the event id, so a second delivery hits the unique key and changes nothing. Every delivery is also recorded in
 * `deliveries` (which replica, which partition), so the test sees who handled what.
 *
 * REPLICA_STALL_ON_NAME: for a user.registered whose name is this, write the effect and then
 * never finish (the offset is never committed): a replica caught mid-message by its SIGKILL.
 *
 * Prints one JSON line {"msg":"joined"} once its consumer has joined the group.
 */
import { createBus } from "../bus/bus.ts";
import { isDuplicateKeyError, connectMongo } from "../mongo/connect.ts";
import { createLogger } from "../logger.ts";

const env = process.env;
const replica = env.REPLICA_NAME ?? "replica";
const logger = createLogger(`replica-${replica}`, "warn");
const mongo = await connectMongo({ url: env.MONGO_URL!, dbName: env.MONGO_DB!, logger });
const effects = mongo.db.collection<{ _id: string; replica: string }>("effects");
const deliveries = mongo.db.collection("deliveries");
const bus = createBus({ brokers: env.KAFKA_BROKERS!.split(","), clientId: `replica-${replica}`, logger, topicPrefix: env.KAFKA_TOPIC_PREFIX! });

const consumer = bus.consumer({
  groupId: env.REPLICA_GROUP!,
  handlers: {
    "user.registered": async (event, meta) => {
      await deliveries.insertOne({ event_id: event.id, replica, partition: meta.partition, name: event.data.name });
      try {
        await effects.insertOne({ _id: event.id, replica });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      if (event.data.name === env.REPLICA_STALL_ON_NAME) await new Promise(() => undefined);
    },
  },
});
await consumer.start();
process.stdout.write(`${JSON.stringify({ msg: "joined", replica })}\n`);

process.on("SIGTERM", () => {
  void Promise.allSettled([bus.close(), mongo.close()]).then(() => process.exit(0));
});
