import { spawnSync } from "node:child_process";
import { connectMongo, createBus, createRedis } from "@amia/kit";
import { pino } from "pino";
import type { TestInfra } from "../services/kit/src/testing/isolation.ts";

const silent = pino({ level: "silent" });

/**
 * Asks each server what it is, so the test log says what the tests really ran against. Kafka's
 * wire protocol does not carry the broker's release: for Kafka the release comes from the local
 * scripts (the jar they run) when they provided it, with what the cluster itself answers.
 */
export async function describeInfra(infra: TestInfra): Promise<{ kafka: string; mongo: string; redis: string }> {
  const [kafka, mongo, redis] = await Promise.all([describeKafka(infra), describeMongo(infra), describeRedis(infra)]);
  return { kafka, mongo, redis };
}

async function describeMongo({ mongoUrl }: TestInfra): Promise<string> {
  const mongo = await connectMongo({ url: mongoUrl, dbName: "admin", logger: silent, attempts: 3 });
  try {
    const info = await mongo.db.command({ buildInfo: 1 });
    const ferret = info.ferretdbVersion ?? info.ferretdb?.version;
    return ferret ? `FerretDB ${ferret} (MongoDB wire, reports ${info.version})` : `MongoDB ${info.version}`;
  } finally {
    await mongo.close();
  }
}

async function describeRedis({ redisUrl }: TestInfra): Promise<string> {
  const redis = createRedis({ url: redisUrl });
  try {
    const info = await redis.info("server");
    return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? "unknown"}`;
  } finally {
    redis.disconnect();
  }
}

async function describeKafka({ kafkaBrokers }: TestInfra): Promise<string> {
  const bus = createBus({ brokers: kafkaBrokers, clientId: "infra-probe", logger: silent });
  try {
    const cluster = await bus.ping();
    return `Kafka ${localKafkaRelease() ?? "(release not reported over the wire)"} (cluster ${cluster.clusterId}, ${cluster.brokers} broker)`;
  } finally {
    await bus.close();
  }
}

function localKafkaRelease(): string | undefined {
  const result = spawnSync("bash", ["deploy/local/infra.sh", "versions"], { encoding: "utf8" });
  return /kafka\D*?(\d+\.\d+\.\d+)/i.exec(result.stdout ?? "")?.[1];
}
