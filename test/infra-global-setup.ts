import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import type { TestInfra } from "../services/kit/src/testing/isolation.ts";
import { describeInfra } from "./infra-versions.ts";

/**
 * Finds real infrastructure for the integration tests, in DESIGN.md's order:
 * 1. URLs from the environment (KAFKA_BROKERS, MONGO_URL, REDIS_URL);
 * 2. Testcontainers, when a Docker engine answers;
 * 3. the project's own deploy/local scripts (Kafka, FerretDB and Redis on this machine).
 * Never a mock: the tests talk to real servers whichever way they were found.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const fromEnv = infraFromEnvironment();
  let infra: TestInfra;
  let teardown: (() => Promise<void>) | undefined;
  let source: string;
  if (fromEnv) {
    infra = fromEnv;
    source = "environment variables";
  } else if (await dockerEngineAnswers()) {
    const started = await startWithTestcontainers();
    infra = started.infra;
    teardown = started.stop;
    source = "Testcontainers";
  } else {
    infra = startLocalInfra();
    source = "deploy/local (no Docker engine here)";
  }
  const versions = await describeInfra(infra);
  process.stdout.write(
    [
      `Integration infrastructure (${source}):`,
      `  Kafka   ${infra.kafkaBrokers.join(",")}  ${versions.kafka}`,
      `  MongoDB-wire ${infra.mongoUrl}  ${versions.mongo}`,
      `  Redis   ${infra.redisUrl}  ${versions.redis}`,
      "",
    ].join("\n"),
  );
  project.provide("infra", infra);
  return teardown;
}

function infraFromEnvironment(): TestInfra | undefined {
  const { KAFKA_BROKERS, MONGO_URL, REDIS_URL } = process.env;
  if (!KAFKA_BROKERS || !MONGO_URL || !REDIS_URL) return undefined;
  return { kafkaBrokers: KAFKA_BROKERS.split(",").map((b) => b.trim()), mongoUrl: MONGO_URL, redisUrl: REDIS_URL };
}

async function dockerEngineAnswers(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync("/var/run/docker.sock")) return false;
  try {
    const { getContainerRuntimeClient } = await import("testcontainers");
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startWithTestcontainers(): Promise<{ infra: TestInfra; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import("testcontainers");
  const { createServer } = await import("node:net");
  // Kafka advertises the address clients must use, so its host port is fixed before it starts.
  const kafkaPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const [kafka, mongo, redis] = await Promise.all([
    new GenericContainer("apache/kafka:3.9.1")
      .withExposedPorts({ container: kafkaPort, host: kafkaPort })
      .withEnvironment({
        KAFKA_NODE_ID: "1",
        KAFKA_PROCESS_ROLES: "broker,controller",
        KAFKA_LISTENERS: `PLAINTEXT://:${kafkaPort},CONTROLLER://:9093`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${kafkaPort}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: "CONTROLLER",
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        KAFKA_CONTROLLER_QUORUM_VOTERS: "1@localhost:9093",
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: "1",
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: "1",
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: "1",
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: "0",
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start(),
    new GenericContainer("mongo:7").withExposedPorts(27017).withWaitStrategy(Wait.forListeningPorts()).start(),
    new GenericContainer("redis:7").withExposedPorts(6379).withWaitStrategy(Wait.forListeningPorts()).start(),
  ]);
  return {
    infra: {
      kafkaBrokers: [`127.0.0.1:${kafkaPort}`],
      mongoUrl: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/`,
      redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    },
    stop: async () => {
      await Promise.all([kafka.stop(), mongo.stop(), redis.stop()]);
    },
  };
}

function startLocalInfra(): TestInfra {
  const result = spawnSync("bash", ["deploy/local/infra.sh", "up"], { stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`deploy/local/infra.sh up failed with exit code ${result.status}`);
  return { kafkaBrokers: ["127.0.0.1:9092"], mongoUrl: "mongodb://127.0.0.1:27017/", redisUrl: "redis://127.0.0.1:6379" };
}
