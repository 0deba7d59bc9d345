/**
 * For benchmarks: the real processes (each service's and the BFF's own `src/main.ts`, as `npm
 * start` runs them), each its own Node process on a free port, on the local infrastructure with
 * names of their own (databases, topic prefix, Redis prefix), so a figure counts what production
 * would run — one event loop per process — and nothing of the benchmark's own work.
 *
 * The benchmark signs people in by writing BFF sessions straight into Redis (the BFF's own
 * session store), and calls a service directly with a token it mints with the key the BFF is
 * given: no OIDC provider needed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import { MongoClient, type Db } from "mongodb";
import { Redis } from "ioredis";
import { createBus, createTokenMinter } from "@amia/kit";
import { quietLogger } from "@amia/kit/testing";
import { createSessionStore } from "../../bff/src/sessions/session-store.ts";
import { SESSION_COOKIE } from "../../bff/src/sessions/session-middleware.ts";

export type StackService = "identity" | "relationships" | "events" | "notifications";

export interface Stack {
  bffUrl: string;
  serviceUrl: Record<StackService, string>;
  /** A service's own database (seed it, or query it as the service does). */
  db: (service: StackService) => Db;
  /** A signed-in browser's Cookie header for this user (a session written as the BFF writes one). */
  sessionCookie: (user: { id: string; email: string }) => Promise<string>;
  /** A token the BFF would mint for this user and service (valid 2 minutes). */
  bearer: (user: { id: string; email: string }, service: StackService) => Promise<string>;
  /** A token the BFF would mint for its own calls (internal routes) to this service. */
  serviceBearer: (service: StackService) => Promise<string>;
  /** Stops the processes and removes their databases, topics and Redis keys. */
  close: () => Promise<void>;
}

const ROOT = new URL("../../", import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was healthy`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer /healthz within ${timeoutMs} ms`);
}

export async function startStack(label: string, services: readonly StackService[], extraEnv: Record<string, string> = {}): Promise<Stack> {
  const id = `${label}_${randomUUID().slice(0, 8)}`;
  const mongoUrl = process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/";
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const kafkaBrokers = process.env.KAFKA_BROKERS ?? "127.0.0.1:9092";
  const topicPrefix = `${id}.`;
  const redisPrefix = `${id}:`;
  const dbName = (service: StackService) => `${id}_${service}`.slice(0, 63);

  const { publicKey: _publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "ES256" };
  const mint = createTokenMinter({ privateKey, kid, alg: "ES256", issuer: "amia-bff", ttlSeconds: 120 });

  const bffPort = await freePort();
  const bffUrl = `http://127.0.0.1:${bffPort}`;
  const ports = Object.fromEntries(await Promise.all(services.map(async (service) => [service, await freePort()] as const))) as Record<StackService, number>;
  const serviceUrl = Object.fromEntries(services.map((service) => [service, `http://127.0.0.1:${ports[service]}`])) as Record<StackService, string>;
  const common = {
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    MONGO_URL: mongoUrl,
    KAFKA_BROKERS: kafkaBrokers,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    INTERNAL_JWKS_URL: `${bffUrl}/.well-known/jwks.json`,
    ...extraEnv,
  };
  const children: ChildProcess[] = [];
  const run = (name: string, dir: string, env: Record<string, string | undefined>) => {
    const child = spawn(process.execPath, ["src/main.ts"], { cwd: `${ROOT}${dir}`, env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr!.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)));
    child.on("exit", (code, signal) => {
      if (!isClosing && code !== 0) console.error(`${name} exited (${signal ?? code}): ${errors}`);
    });
    children.push(child);
    return child;
  };
  let isClosing = false;

  const unreachable = "http://127.0.0.1:9";
  const bff = run("bff", "bff", {
    ...common,
    PORT: String(bffPort),
    PUBLIC_ORIGIN: bffUrl,
    OIDC_ISSUER: unreachable,
    INTERNAL_JWT_PRIVATE_JWK: JSON.stringify(privateJwk),
    // A benchmark is many requests from one user: the limits would refuse most of them.
    RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
    ...Object.fromEntries(["IDENTITY", "RELATIONSHIPS", "EVENTS", "NOTIFICATIONS", "AGENT", "USAGE", "CALENDAR", "RECIPES"].map((name) => [`${name}_URL`, serviceUrl[name.toLowerCase() as StackService] ?? unreachable])),
  });
  const started = services.map((service) => [service, run(service, `services/${service}`, { ...common, PORT: String(ports[service]), MONGO_DB: dbName(service) })] as const);

  const mongo = new MongoClient(mongoUrl);
  const redis = new Redis(redisUrl, { keyPrefix: redisPrefix, lazyConnect: true });
  const sessions = createSessionStore({ redis, lifetime: { idleMs: 3_600_000, absoluteMs: 86_400_000 } });

  const close = async () => {
    isClosing = true;
    await Promise.all(
      children.map((child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))))),
    );
    for (const service of services) await mongo.db(dbName(service)).dropDatabase().catch(() => undefined);
    await mongo.close();
    const bare = new Redis(redisUrl);
    const keys = await bare.keys(`${redisPrefix}*`);
    if (keys.length > 0) await bare.del(...keys);
    bare.disconnect();
    redis.disconnect();
    const bus = createBus({ brokers: kafkaBrokers.split(","), clientId: `${id}-cleanup`, logger: quietLogger(), topicPrefix });
    await bus.deleteOwnTopics().catch(() => undefined);
    await bus.close();
  };

  // Ctrl-C (or a kill) mid-run still stops the processes and removes what they made.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void close().finally(() => process.exit(130)));
  }
  try {
    await waitHealthy(bffUrl, bff, "bff");
    for (const [service, child] of started) await waitHealthy(serviceUrl[service], child, service);
    await redis.connect();
  } catch (error) {
    await close();
    throw error;
  }

  return {
    bffUrl,
    serviceUrl,
    db: (service) => mongo.db(dbName(service)),
    async sessionCookie(user) {
      const session = await sessions.create(user);
      return `${SESSION_COOKIE}=${session.id}`;
    },
    bearer: (user, service) => mint({ id: user.id, email: user.email, kind: "user" }, service),
    serviceBearer: (service) => mint({ id: "bff", kind: "service" }, service),
    close,
  };
}
