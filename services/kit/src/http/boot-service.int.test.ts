import { spawn } from "node:child_process";
import { once } from "node:events";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { z } from "zod";
import { createBus } from "../bus/bus.ts";
import { internalAuthEnvShape, kafkaEnvShape, mongoEnvShape, serviceEnvShape, envPort } from "../config.ts";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";
import { userRegistered } from "../testing/fixtures.ts";
import { bootService } from "./boot-service.ts";
import type { RunningService } from "./run-service.ts";
import type { ServiceEnv } from "./create-service.ts";

const ZProbeEnvSchema = z.object({ ...serviceEnvShape, ...mongoEnvShape, ...kafkaEnvShape, ...internalAuthEnvShape, PORT: envPort.default(0) });

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

function probeEnvironment(names: { dbName: string; topicPrefix: string }, overrides: Record<string, string> = {}) {
  const infra = testInfra();
  return {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: "0",
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: names.dbName,
    KAFKA_BROKERS: infra.kafkaBrokers.join(","),
    KAFKA_TOPIC_PREFIX: names.topicPrefix,
    // Never fetched: the probe has no authenticated routes.
    INTERNAL_JWKS_URL: "http://127.0.0.1:9/.well-known/jwks.json",
    ...overrides,
  };
}

async function boot(environment: Record<string, string>, module: Parameters<typeof bootService>[0]["module"]): Promise<RunningService> {
  const service = await bootService({ name: "boot-probe", envSchema: ZProbeEnvSchema, environment, exitProcess: false, ...(module ? { module } : {}) });
  cleanups.push(() => service.stop());
  return service;
}

describe("bootService (real Kafka and database)", () => {
  it("serves HTTP at once while its consumer waits to rejoin a group whose previous member was killed", async () => {
    const names = uniqueTestNames("boot-rejoin");
    const bus = createBus({ brokers: testInfra().kafkaBrokers, clientId: names.id, logger: quietLogger(), topicPrefix: names.topicPrefix });
    cleanups.push(async () => {
      await bus.deleteOwnTopics();
      await bus.close();
    });
    await bus.ensureTopics(["users"], { partitions: 1 });
    // The service's consumer group, before the bus adds the topic prefix (both sides add the same one).
    const groupId = "sync";

    // Given a replica that joined the group and was then killed: its session lives on in the group.
    const doomed = spawn(process.execPath, [fileURLToPath(new URL("../testing/join-group-process.ts", import.meta.url))], {
      env: { ...process.env, KAFKA_BROKERS: testInfra().kafkaBrokers.join(","), KAFKA_TOPIC_PREFIX: names.topicPrefix, GROUP_ID: groupId },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    doomed.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    cleanups.push(async () => doomed.kill("SIGKILL"));
    await eventually(() => output.includes("joined"), 30_000);
    doomed.kill("SIGKILL");
    await once(doomed, "exit");

    // When the service restarts with a consumer in that group
    const handled: string[] = [];
    let joinedAt: number | undefined;
    const bootStartedAt = Date.now();
    const service = await boot(probeEnvironment(names), async ({ bus: serviceBus }) => {
      const consumer = serviceBus.consumer({ groupId, handlers: { "user.registered": async (event) => void handled.push(event.id) } });
      return {
        routes: new Hono<ServiceEnv>(),
        start: async () => {
          await consumer.start();
          joinedAt = Date.now();
        },
        stop: () => consumer.stop(),
      };
    });
    const health = await fetch(`${service.url}/healthz`);
    const answeredAt = Date.now();

    // Then it answers within seconds, before its consumer could join (the dead member still holds the group) ...
    expect(health.status).toBe(200);
    expect(answeredAt - bootStartedAt).toBeLessThan(3_000);
    expect(joinedAt).toBeUndefined();
    // ... and the consumer joins once the dead member's session (10 s) has expired, and consumes.
    await eventually(() => joinedAt, 30_000);
    expect(joinedAt! - answeredAt).toBeGreaterThan(2_000); // it really waited for the dead member
    expect(joinedAt! - bootStartedAt).toBeLessThan(20_000);
    const event = userRegistered();
    await bus.publish([event]);
    await eventually(() => handled.includes(event.id));
  }, 60_000);

  it("stays ready without the broker; without its database it is unready and answers 503 with Retry-After, and recovers when the database is back", async () => {
    const names = uniqueTestNames("boot-db-down");
    const database = new URL(testInfra().mongoUrl);
    const proxy = await tcpProxy(database.hostname, Number(database.port || 27017));
    cleanups.push(() => proxy.close());
    const service = await boot(
      // Nothing listens on port 1: the broker is down for the whole test.
      probeEnvironment(names, { MONGO_URL: `mongodb://127.0.0.1:${proxy.port}/`, KAFKA_BROKERS: "127.0.0.1:1" }),
      async ({ db }) => {
        const routes = new Hono<ServiceEnv>();
        routes.get("/things", async (c) => c.json({ items: await db.collection("things").find({}).limit(10).toArray() }));
        return { routes, start: async () => undefined, stop: async () => undefined };
      },
    );
    cleanups.push(async () => {
      const { MongoClient } = await import("mongodb");
      const client = new MongoClient(testInfra().mongoUrl);
      await client.db(names.dbName).dropDatabase();
      await client.close();
    });

    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { mongodb: "ok", kafka: expect.stringMatching(/^error: /) }, not_required: ["kafka"] });
    expect((await fetch(`${service.url}/things`)).status).toBe(200);

    // The database goes away.
    await proxy.close();
    const during = await fetch(`${service.url}/things`);
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("5");
    expect(await during.json()).toEqual({ code: "upstream_unavailable", message: expect.stringMatching(/try again/) });
    const unready = await fetch(`${service.url}/readyz`);
    expect(unready.status).toBe(503);
    expect(await unready.json()).toMatchObject({ status: "unavailable", checks: { mongodb: expect.stringMatching(/^error: /) } });

    // It comes back: the same process answers again, without a restart.
    await proxy.open();
    await eventually(async () => (await fetch(`${service.url}/things`)).status === 200, 30_000);
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  }, 60_000);
});

/** A TCP relay to the database that a test can take down (refusing and cutting connections) and bring back on the same port. */
async function tcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = createConnection({ host: targetHost, port: targetPort });
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  };
  await open();
  return {
    get port() {
      return port;
    },
    open,
    async close() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
