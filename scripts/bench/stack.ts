/**
 * For benchmarks and the fault suite (scripts/chaos): the real processes (each service's and the BFF's own bundle with
 * its V8 flags, deploy/build.ts and deploy/processes.ts, as `npm start` and the image run them), each its own Node process on a free port, on the local infrastructure with
 * names of their own (databases, topic prefix, Redis prefix), so a figure counts what production
 * would run — one event loop per process — and nothing of the benchmark's own work.
 *
 * The benchmark signs people in by writing BFF sessions straight into Redis (the BFF's own
 * session store), and calls a service directly with a token it mints with the key the BFF is
 * given: no OIDC provider needed.
 *
 * The fault suite also asks for the stand-ins (Google for calendar sync, OpenAI for chat) — in
 * this process, so it can count what they were sent — and kills and restarts processes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import { MongoClient, type Db } from "mongodb";
import { Redis } from "ioredis";
import { createBus, createTokenMinter } from "@amia/kit";
import { buildProcesses } from "../../deploy/build.ts";
import { builtArgs, nodeOptions, PROCESSES } from "../../deploy/processes.ts";
import { quietLogger } from "@amia/kit/testing";
import { createSessionStore } from "../../bff/src/sessions/session-store.ts";
import { createGoogleStandIn, type GoogleStandIn } from "../../deploy/google-stand-in/src/stand-in.ts";
import { createOpenAiStandIn, type OpenAiStandIn } from "../../deploy/openai-stand-in/src/stand-in.ts";
import { SESSION_COOKIE } from "../../bff/src/sessions/session-middleware.ts";

export type StackService = "identity" | "relationships" | "events" | "notifications" | "agent" | "usage" | "calendar" | "recipes";
/** A process of the stack: the BFF or a service. */
export type StackProcess = "bff" | StackService;

export interface StackOptions {
  /** Runs the Google stand-in (OAuth token endpoint + Calendar v3) here and points the calendar service at it. */
  google?: boolean;
  /** Runs the OpenAI stand-in here and points the agent at it (otherwise the agent is offline). */
  openai?: boolean;
}

export interface Stack {
  bffUrl: string;
  serviceUrl: Record<StackService, string>;
  /** A service's own database (seed it, or query it as the service does). */
  db: (service: StackService) => Db;
  /** A signed-in browser's Cookie header for this user (a session written as the BFF writes one). */
  sessionCookie: (user: { id: string; email: string }) => Promise<string>;
  /** Signs a user in at identity as the BFF's sign-in does (identity's upsert); their id and email. */
  signIn: (email: string, name?: string) => Promise<{ id: string; email: string }>;
  /** A token the BFF would mint for this user and service, or services (valid 2 minutes). */
  bearer: (user: { id: string; email: string }, service: StackService | StackService[]) => Promise<string>;
  /** A token the BFF would mint for its own calls (internal routes) to this service. */
  serviceBearer: (service: StackService) => Promise<string>;
  /** The topic prefix and Redis key prefix every process was given. */
  prefixes: { topic: string; redis: string };
  google?: GoogleStandIn;
  openai?: OpenAiStandIn;
  /** SIGKILLs one process (a crash: no shutdown hook runs); resolves once it has exited. */
  kill: (name: StackProcess) => Promise<void>;
  /** Starts a process again (same port and settings); resolves with the ms until its /healthz answered. */
  restart: (name: StackProcess, timeoutMs?: number) => Promise<number>;
  /** Stops the processes and removes their databases, topics and Redis keys. */
  close: () => Promise<void>;
}

const ROOT = new URL("../../", import.meta.url).pathname;
/** Node's compile cache for the processes (under node_modules: git-ignored, per checkout). */
export const COMPILE_CACHE_DIR = `${ROOT}node_modules/.cache/node-compile-cache`;

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
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer /healthz within ${timeoutMs} ms`);
}

export async function startStack(label: string, services: readonly StackService[], extraEnv: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
  const id = `${label}_${randomUUID().slice(0, 8)}`;
  const mongoUrl = process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/";
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const kafkaBrokers = process.env.KAFKA_BROKERS ?? "127.0.0.1:9092";
  const topicPrefix = `${id}.`;
  const redisPrefix = `${id}:`;
  const dbName = (service: StackService) => `${id}_${service}`.slice(0, 63);
  // Built now, so what runs is what the sources say.
  const processSpecs = PROCESSES.filter((spec) => spec.dir === "bff" || services.some((service) => spec.dir === `services/${service}`));
  await buildProcesses(processSpecs, ROOT);

  const { publicKey: _publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "ES256" };
  const mint = createTokenMinter({ privateKey, kid, alg: "ES256", issuer: "amia-bff", ttlSeconds: 120 });

  const google = options.google ? await createGoogleStandIn({ port: 0 }) : undefined;
  const openai = options.openai ? await createOpenAiStandIn({ port: 0 }) : undefined;

  const bffPort = await freePort();
  const bffUrl = `http://127.0.0.1:${bffPort}`;
  const ports = Object.fromEntries(await Promise.all(services.map(async (service) => [service, await freePort()] as const))) as Record<StackService, number>;
  const unreachable = "http://127.0.0.1:9";
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
    // Compiled modules kept between starts (bootService flushes them once listening): a restarted
    // process skips type stripping and compiling, about half its start under load.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR,
    // The BFF and the agent reach the services at these; one that is not run is unreachable.
    ...Object.fromEntries(["IDENTITY", "RELATIONSHIPS", "EVENTS", "NOTIFICATIONS", "AGENT", "USAGE", "CALENDAR", "RECIPES"].map((name) => [`${name}_URL`, serviceUrl[name.toLowerCase() as StackService] ?? unreachable])),
    ...(google ? { GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl, GOOGLE_OAUTH_REVOKE_URL: google.revokeUrl, GOOGLE_CALENDAR_API_URL: google.calendarApiUrl } : {}),
    ...(openai ? { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: "stand-in" } : {}),
    ...extraEnv,
  };
  /** The running child of each process, and how to start it again. */
  const children = new Map<StackProcess, ChildProcess>();
  const specs = new Map<StackProcess, { dir: string; env: Record<string, string | undefined> }>();
  /** Processes the caller killed on purpose: their exit is not news. */
  const killing = new Set<ChildProcess>();
  const run = (name: StackProcess, dir: string, env: Record<string, string | undefined>) => {
    specs.set(name, { dir, env });
    const spec = processSpecs.find((candidate) => candidate.dir === dir)!;
    // STACK_LOG_DIR: each process's output appended to <dir>/<name>.log (to find why a run went wrong).
    const logDir = process.env.STACK_LOG_DIR;
    const child = spawn(process.execPath, builtArgs(spec), { cwd: `${ROOT}${dir}`, env: { ...env, NODE_OPTIONS: nodeOptions(spec) }, stdio: ["ignore", logDir ? "pipe" : "ignore", "pipe"] });
    if (logDir) {
      mkdirSync(logDir, { recursive: true });
      const log = createWriteStream(`${logDir}/${name}.log`, { flags: "a" });
      log.write(`${JSON.stringify({ msg: "spawned", time: Date.now(), pid: child.pid })}\n`);
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
    }
    let errors = "";
    child.stderr!.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)));
    child.on("exit", (code, signal) => {
      if (!isClosing && !killing.has(child) && code !== 0) console.error(`${name} exited (${signal ?? code}): ${errors}`);
    });
    children.set(name, child);
    return child;
  };
  let isClosing = false;

  const bff = run("bff", "bff", {
    ...common,
    PORT: String(bffPort),
    PUBLIC_ORIGIN: bffUrl,
    OIDC_ISSUER: unreachable,
    INTERNAL_JWT_PRIVATE_JWK: JSON.stringify(privateJwk),
    // A benchmark is many requests from one user: the limits would refuse most of them.
    RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
  });
  const started = services.map((service) => [service, run(service, `services/${service}`, { ...common, PORT: String(ports[service]), MONGO_DB: dbName(service) })] as const);

  const mongo = new MongoClient(mongoUrl);
  const redis = new Redis(redisUrl, { keyPrefix: redisPrefix, lazyConnect: true });
  // A restarted Redis (the fault suite's) is reconnected to; ioredis would print each refused connect.
  redis.on("error", () => undefined);
  const sessions = createSessionStore({ redis, lifetime: { idleMs: 3_600_000, absoluteMs: 86_400_000 } });

  const close = async () => {
    isClosing = true;
    await Promise.all(
      [...children.values()].map((child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))))),
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
    await google?.close();
    await openai?.close();
  };

  const urlOf = (name: StackProcess) => (name === "bff" ? bffUrl : serviceUrl[name]);
  const kill = async (name: StackProcess) => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    killing.add(child);
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  };
  const restart = async (name: StackProcess, timeoutMs = 60_000) => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`${name} is not part of this stack`);
    await kill(name);
    const started = performance.now();
    const child = run(name, spec.dir, spec.env);
    await waitHealthy(urlOf(name), child, name, timeoutMs);
    return performance.now() - started;
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
    async signIn(email, name = email.split("@")[0]) {
      const answer = await fetch(`${serviceUrl.identity}/internal/users/sign-in`, {
        method: "POST",
        headers: { authorization: `Bearer ${await mint({ id: "bff", kind: "service" }, "identity")}`, "content-type": "application/json" },
        body: JSON.stringify({ issuer: "http://bench.invalid", subject: email, provider: "google", email, email_verified: true, name }),
      });
      if (!answer.ok) throw new Error(`sign-in of ${email} failed: ${answer.status} ${await answer.text()}`);
      const { user } = (await answer.json()) as { user: { id: string; email: string } };
      return { id: user.id, email: user.email };
    },
    bearer: (user, service) => mint({ id: user.id, email: user.email, kind: "user" }, service),
    serviceBearer: (service) => mint({ id: "bff", kind: "service" }, service),
    prefixes: { topic: topicPrefix, redis: redisPrefix },
    ...(google ? { google } : {}),
    ...(openai ? { openai } : {}),
    kill,
    restart,
    close,
  };
}
