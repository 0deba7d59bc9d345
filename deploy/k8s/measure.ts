/**
 * Measures what each process of the cluster uses, to size the requests and limits in
 * deploy/k8s/base (not a test; figures vary with the machine). It starts its own copy of every
 * Node process of deploy/processes.ts that runs in a cluster (plus the local sign-in provider
 * and Google stand-in it needs for sign-in and calendar sync, not measured) on ports 20000
 * above their own, with their own topic prefix, databases and Redis prefix, so a running
 * `npm start` is not disturbed. Then it reads each process's memory (RSS, and the kernel's
 * high-water mark) and CPU time from /proc while idle, and under a load of signed-in pairs
 * through the BFF: connect, create an event request the other approves (→ Kafka → events,
 * notifications, calendar sync through BullMQ to the Google stand-in), list requests and
 * notifications, write and list recipes, smart-fill (the agent's offline mode, with its
 * credit check at usage), read the profile and credits.
 *
 *   node deploy/k8s/measure.ts                     (Node 24: `npm run env -- node deploy/k8s/measure.ts`)
 *   node deploy/k8s/measure.ts --seconds 120 --pairs 12
 *
 * Needs the local infrastructure (`npm run infra -- up`) or KAFKA_BROKERS / MONGO_URL / REDIS_URL.
 * The web app runs as nginx in a cluster and is not a Node process: it is not measured here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { connectMongo, createBus, createRedis } from "@amia/kit";
import { quietLogger } from "@amia/kit/testing";
import { TestBrowser } from "../../bff/src/testing/test-browser.ts";
import { PROCESSES } from "../processes.ts";
import { CLUSTER_PROCESSES } from "./cluster-processes.ts";

const argValue = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const LOAD_SECONDS = argValue("--seconds", 60);
const PAIRS = argValue("--pairs", 8);
const IDLE_SECONDS = 30;
const PORT_OFFSET = 20_000;
/** Linux reports CPU time in clock ticks; 100 a second on every mainstream kernel. */
const CLOCK_TICKS = 100;

const root = resolve(import.meta.dirname, "../..");
const run = `k8sm${Date.now().toString(36)}`;
const logDir = tmpdir();
const dbName = (process: string) => `${run}_${process}`.replace(/[^A-Za-z0-9_-]/g, "_");
const portOf = (name: string) => PROCESSES.find((spec) => spec.name === name)!.port + PORT_OFFSET;
const urlOf = (name: string) => `http://127.0.0.1:${portOf(name)}`;

const measured = CLUSTER_PROCESSES.filter((spec) => spec.name !== "web");
const helpers = PROCESSES.filter((spec) => spec.name === "oidc-provider" || spec.name === "google-stand-in");

const sharedEnv: Record<string, string> = {
  PATH: process.env.PATH ?? "",
  NODE_ENV: "development",
  LOG_LEVEL: "info",
  HOST: "127.0.0.1",
  KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? "127.0.0.1:9092",
  MONGO_URL: process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/",
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  KAFKA_TOPIC_PREFIX: `${run}.`,
  REDIS_KEY_PREFIX: `${run}:`,
  INTERNAL_JWKS_URL: `${urlOf("bff")}/.well-known/jwks.json`,
  PUBLIC_ORIGIN: urlOf("bff"),
  OIDC_ISSUER: urlOf("oidc-provider"),
  OIDC_PROVIDER_ISSUER: urlOf("oidc-provider"),
  OIDC_REDIRECT_URIS: `${urlOf("bff")}/api/v1/auth/callback`,
  GOOGLE_OAUTH_TOKEN_URL: `${urlOf("google-stand-in")}/token`,
  GOOGLE_OAUTH_REVOKE_URL: `${urlOf("google-stand-in")}/revoke`,
  GOOGLE_CALENDAR_API_URL: `${urlOf("google-stand-in")}/calendar/v3`,
  GOOGLE_STAND_IN_INTROSPECTION_URL: `${urlOf("oidc-provider")}/token/introspection`,
  IDENTITY_URL: urlOf("identity"),
  RELATIONSHIPS_URL: urlOf("relationships"),
  EVENTS_URL: urlOf("events"),
  NOTIFICATIONS_URL: urlOf("notifications"),
  AGENT_URL: urlOf("agent"),
  USAGE_URL: urlOf("usage"),
  CALENDAR_URL: urlOf("calendar"),
  RECIPES_URL: urlOf("recipes"),
  // The load is a few people working fast: the per-user limits would refuse most of it.
  RATE_LIMIT_LOGIN_PER_MINUTE: "100000",
  RATE_LIMIT_CHAT_PER_MINUTE: "100000",
  RATE_LIMIT_WRITES_PER_MINUTE: "100000",
  AI_CREDITS_FREE: "100000",
  RECIPES_PER_USER: "100000",
};

interface Running {
  name: string;
  child: ChildProcess;
}

function start(spec: (typeof PROCESSES)[number]): Running {
  const log = createWriteStream(join(logDir, `${run}-${spec.name}.log`));
  const child = spawn(process.execPath, spec.args, {
    cwd: join(root, spec.dir),
    env: { ...sharedEnv, PORT: String(portOf(spec.name)), MONGO_DB: dbName(spec.name) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  child.on("exit", (code, signal) => {
    if (!isStopping) console.error(`${spec.name} exited (${signal ?? `code ${code}`}); its log: ${join(logDir, `${run}-${spec.name}.log`)}`);
  });
  return { name: spec.name, child };
}

async function waitHealthy(name: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${urlOf(name)}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not become ready`);
}

interface Sample {
  rssKiB: number;
  hwmKiB: number;
  cpuTicks: number;
}

function sample(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  // Fields after the command name (which may hold spaces) — utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { rssKiB: kib("VmRSS"), hwmKiB: kib("VmHWM"), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

interface Window {
  /** Average millicores over the window. */
  avgMilli: number;
  /** Highest millicores over any 2-second step. */
  peakMilli: number;
  /** Highest RSS seen, MiB. */
  maxRssMiB: number;
}

/** Samples every process every 2 s for `seconds`, while `during` (if any) runs. */
async function observe(processes: Running[], seconds: number): Promise<Map<string, Window>> {
  const first = new Map(processes.map((p) => [p.name, sample(p.child.pid!)]));
  let previous = first;
  let previousAt = Date.now();
  const startedAt = previousAt;
  const windows = new Map(processes.map((p) => [p.name, { avgMilli: 0, peakMilli: 0, maxRssMiB: first.get(p.name)!.rssKiB / 1024 }]));
  while (Date.now() - startedAt < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = Date.now();
    const current = new Map(processes.map((p) => [p.name, sample(p.child.pid!)]));
    for (const p of processes) {
      const window = windows.get(p.name)!;
      const step = ((current.get(p.name)!.cpuTicks - previous.get(p.name)!.cpuTicks) / CLOCK_TICKS / ((now - previousAt) / 1000)) * 1000;
      window.peakMilli = Math.max(window.peakMilli, step);
      window.maxRssMiB = Math.max(window.maxRssMiB, current.get(p.name)!.rssKiB / 1024);
    }
    previous = current;
    previousAt = now;
  }
  for (const p of processes) {
    const window = windows.get(p.name)!;
    window.avgMilli = ((previous.get(p.name)!.cpuTicks - first.get(p.name)!.cpuTicks) / CLOCK_TICKS / ((previousAt - startedAt) / 1000)) * 1000;
  }
  return windows;
}

const counts = new Map<string, number>();
const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);

async function call(browser: TestBrowser, label: string, method: string, path: string, body?: unknown) {
  const answer = await browser.json(method, path, body);
  count(`${label} ${answer.status}`);
  return answer;
}

interface Pair {
  index: number;
  creator: TestBrowser;
  reviewer: TestBrowser;
  reviewerId: string;
}

/** Signs a pair in and connects them, until the events service lets one ask the other to review. */
async function setUpPair(index: number): Promise<Pair> {
  const creator = new TestBrowser(urlOf("bff"));
  const reviewer = new TestBrowser(urlOf("bff"));
  const reviewerEmail = `${run}-reviewer-${index}@example.com`;
  await creator.signIn(`${run}-creator-${index}@example.com`, `Creator ${index}`);
  await reviewer.signIn(reviewerEmail, `Reviewer ${index}`);
  const reviewerId: string = (await reviewer.json("GET", "/api/v1/users/me")).body.user.id;
  const asked = await creator.json("POST", "/api/v1/relationship-requests", { requested_email: reviewerEmail });
  // The request reaches the reviewer, and the relationship the events service, through Kafka.
  await until(`pair ${index}: the request reaches the reviewer`, async () => (await reviewer.json("POST", `/api/v1/relationship-requests/${asked.body.relationship_request.id}/approve`)).status === 200);
  const pair = { index, creator, reviewer, reviewerId };
  await until(`pair ${index}: the events service knows the relationship`, async () => (await createRequest(pair, 0)).status === 201);
  return pair;
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function createRequest({ index, creator, reviewerId }: Pair, day: number) {
  const date = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  return creator.json("POST", "/api/v1/event-requests", {
    title: `Planning ${index}-${day}`,
    start_date: { date_time: `${date}T09:00`, time_zone: "Europe/Lisbon" },
    end_date: { date_time: `${date}T10:00`, time_zone: "Europe/Lisbon" },
    approvers: [{ user_id: reviewerId, required: true }],
  });
}

/** One pair's loop: the flows of the product, again and again until the deadline. */
async function loadPair(pair: Pair, deadline: number): Promise<void> {
  const { creator, reviewer } = pair;
  for (let day = 1; Date.now() < deadline; day++) {
    const created = await createRequest(pair, day);
    count(`event-request create ${created.status}`);
    // Approved by its one required reviewer: a calendar sync job (BullMQ → the Google stand-in).
    if (created.status === 201) await call(reviewer, "event-request approve", "POST", `/api/v1/event-requests/${created.body.event_request.id}/approvals/approve`, {});
    await call(creator, "event-requests list", "GET", "/api/v1/event-requests/with-approvals?take=10");
    await call(reviewer, "notifications list", "GET", "/api/v1/notifications");
    await call(creator, "recipe create", "POST", "/api/v1/recipes", { title: `Soup ${day}`, steps: ["Boil"], ingredients: [{ name: "water" }] });
    await call(creator, "recipes list", "GET", "/api/v1/recipes");
    await call(creator, "smart-fill", "POST", "/api/v1/event-requests/commands/auto-fill", { description: "Lunch with Ana next Friday at 1pm for an hour" });
    await call(creator, "profile", "GET", "/api/v1/users/me");
    await call(creator, "credits", "GET", "/api/v1/ai-usage/credits");
  }
}

let isStopping = false;
const running: Running[] = [];
const stopAll = async () => {
  isStopping = true;
  await Promise.all(
    running.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
};
process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));

try {
  // The stand-ins first (the BFF discovers the provider), then the rest; readiness of each.
  for (const spec of helpers) running.push(start(spec));
  await Promise.all(helpers.map((spec) => waitHealthy(spec.name)));
  for (const spec of measured) running.push(start(spec));
  await Promise.all(measured.map((spec) => waitHealthy(spec.name)));
  const targets = running.filter((p) => measured.some((spec) => spec.name === p.name));
  console.log(`All ready (run ${run}, logs in ${logDir}/${run}-*.log). Signing in ${PAIRS} pairs and connecting them...`);
  // Before the idle window: the first use of each path (consumer groups joining, indexes, JIT) is not steady state.
  const pairs = await Promise.all(Array.from({ length: PAIRS }, (_, i) => setUpPair(i)));
  console.log(`Idle for ${IDLE_SECONDS} s...`);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idle = await observe(targets, IDLE_SECONDS);
  console.log(`Load: ${PAIRS} pairs for ${LOAD_SECONDS} s...`);
  const deadline = Date.now() + LOAD_SECONDS * 1000;
  const [load] = await Promise.all([observe(targets, LOAD_SECONDS), Promise.all(pairs.map((pair) => loadPair(pair, deadline)))]);
  const after = new Map(targets.map((p) => [p.name, sample(p.child.pid!)]));

  console.log("\nRequests through the BFF (label status: count):");
  for (const [what, n] of [...counts].sort()) console.log(`  ${what}: ${n}`);
  console.log("\n| process | idle RSS MiB | peak RSS MiB (VmHWM) | idle CPU m | load CPU avg m | load CPU peak m (2 s) |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const p of targets) {
    const i = idle.get(p.name)!;
    const l = load.get(p.name)!;
    console.log(
      `| ${p.name} | ${i.maxRssMiB.toFixed(0)} | ${(after.get(p.name)!.hwmKiB / 1024).toFixed(0)} | ${i.avgMilli.toFixed(0)} | ${l.avgMilli.toFixed(0)} | ${l.peakMilli.toFixed(0)} |`,
    );
  }
} finally {
  await stopAll();
  await cleanUp();
}

/** Leaves the shared infrastructure as it was: this run's topics, databases and Redis keys go. */
async function cleanUp(): Promise<void> {
  const logger = quietLogger();
  const bus = createBus({ brokers: sharedEnv.KAFKA_BROKERS!.split(","), clientId: run, logger, topicPrefix: sharedEnv.KAFKA_TOPIC_PREFIX! });
  await bus.deleteOwnTopics().catch((error: unknown) => console.error("could not delete this run's topics:", error));
  await bus.close();
  for (const spec of [...measured, ...helpers]) {
    const mongo = await connectMongo({ url: sharedEnv.MONGO_URL!, dbName: dbName(spec.name), logger });
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
  }
  const redis = createRedis({ url: sharedEnv.REDIS_URL! });
  // BullMQ's and the BFF's keys all start with the run's prefix.
  for (let cursor = "0"; ; ) {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${run}*`, "COUNT", 500);
    if (keys.length > 0) await redis.del(...keys);
    if ((cursor = next) === "0") break;
  }
  await redis.quit();
}
