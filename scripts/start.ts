/**
 * `npm start`: brings up the local infrastructure (Kafka, FerretDB, Redis from deploy/local) and
 * every process of deploy/processes.ts under one supervisor, with prefixed, readable logs, waits
 * until each answers /healthz, and stops them all on Ctrl-C.
 *
 * The web app is its production build (built first when stale) behind scripts/web-server;
 * `npm run dev` (`--dev`) runs Vite's dev server with hot reload in its place.
 *
 *   npm start                  run until Ctrl-C
 *   npm run dev                the same, with the web app on Vite's dev server (hot reload)
 *   npm start -- --smoke       start everything, check every /healthz, stop, exit 0 if all green
 *   npm start -- --no-infra    skip deploy/local (infrastructure already reachable elsewhere)
 *   npm start -- --observe     also run Jaeger (deploy/local/jaeger, built once from the Go module
 *                              proxy) and send it every process's traces over OTLP
 *   npm start -- --replicas notifications=3,events=2
 *                              run several replicas of services (deploy/replicas.ts): each its own
 *                              process and port (+100 each), one database and consumer group; the
 *                              BFF and the agent balance over them. --smoke checks every replica.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { OBSERVER, processEnv } from "../deploy/observe.ts";
import { buildProcesses } from "../deploy/build.ts";
import { builtArgs, nodeOptions, PROCESSES } from "../deploy/processes.ts";
import { parseReplicas, replicasArgument, replicaUrlsEnv, ReplicasArgumentError, withReplicas, type ReplicaSpec } from "../deploy/replicas.ts";

const args = new Set(process.argv.slice(2));
const replicas = replicaCounts();
const SPECS = withReplicas(PROCESSES, replicas);
/** Where each replicated service's replicas are, for the BFF and the agent (EVENTS_URL=url,url). */
const replicaEnv = replicaUrlsEnv(SPECS, replicas);
/**
 * Node's compile cache for every process (git-ignored, under node_modules): a restarted process
 * skips type stripping and compiling, about half its start on a loaded machine. Services write it
 * once listening (bootService); the others at a clean exit.
 */
const compileCache = { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? new URL("../node_modules/.cache/node-compile-cache", import.meta.url).pathname };
const isSmoke = args.has("--smoke");
const isDev = args.has("--dev");
const isObserving = args.has("--observe");
const HEALTH_TIMEOUT_MS = 90_000;
const COLORS = [36, 35, 33, 32, 34, 91, 92, 93, 94, 95, 96];
const width = Math.max(...SPECS.map((p) => p.name.length));

if (!args.has("--no-infra")) {
  const infra = spawnSync("bash", ["deploy/local/infra.sh", "up"], { stdio: "inherit" });
  if (infra.status !== 0) {
    console.error("Local infrastructure did not come up; see the messages above.");
    process.exit(1);
  }
}

// What runs is each process's bundle (deploy/build.ts), built on every start (about 2 s) so it
// is never stale; `--dev` runs the TypeScript sources instead.
if (!isDev) {
  const built = await buildProcesses(SPECS);
  console.log(`Built ${built.count} processes in ${built.ms} ms (npm run build).`);
}

const children = new Map<string, ChildProcess>();
let isStopping = false;
const observer = isObserving ? await startObserver() : undefined;

console.log(`Starting ${SPECS.length} processes on Node ${process.version}${isDev ? " (web: Vite dev server with hot reload)" : ""}...`);
for (const [service, count] of replicas) {
  if (count > 1) console.log(`  ${service}: ${count} replicas on ports ${SPECS.filter((spec) => spec.service === service).map((spec) => spec.port).join(", ")} (one database, one consumer group)`);
}
for (const [name, value] of Object.entries(replicaEnv)) console.log(`  ${name}=${value}`);

SPECS.forEach((spec, index) => {
  const color = COLORS[index % COLORS.length]!;
  const name = spec.name.padEnd(width);
  const prefix = process.stdout.isTTY ? `\x1b[${color}m${name}\x1b[0m |` : `${name} |`;
  const run = isDev ? (spec.dev ?? spec) : { dir: spec.dir, args: builtArgs(spec) };
  // The V8 flags deploy/processes.ts gives each process (the image and k8s take the same); a
  // NODE_OPTIONS of the shell's comes after, so it wins.
  const options = [nodeOptions(spec), process.env.NODE_OPTIONS].filter(Boolean).join(" ");
  const child = spawn(process.execPath, run.args, {
    cwd: run.dir,
    env: { ...processEnv(spec, { ...process.env, ...replicaEnv, ...compileCache }, isObserving), NODE_OPTIONS: options },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.set(spec.name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on("line", (line) => console.log(`${prefix} ${readable(line)}`));
  }
  child.on("exit", (code, signal) => {
    children.delete(spec.name);
    if (!isStopping) console.error(`${prefix} exited unexpectedly (${signal ?? `code ${code}`})`);
    // Every process of the stack gone (Jaeger, when observing, is no reason to stay).
    if ([...children.keys()].every((name) => name === "jaeger") && !isStopping) void stopAll(1);
  });
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopAll(0));

const results = await Promise.all(SPECS.map(async (spec) => [spec, await waitHealthy(spec)] as const));
console.log("\nHealth:");
for (const [spec, state] of results) console.log(`  ${state === "ok" ? "✔" : "✘"} ${spec.name.padEnd(width)} http://127.0.0.1:${spec.port}/healthz  ${state}`);
const isAllGreen = results.every(([, state]) => state === "ok");
console.log(isAllGreen ? "\nAll processes are up. The app: http://127.0.0.1:5173  (Ctrl-C stops them; `npm run infra -- down` stops the infrastructure)" : "\nSome processes are not healthy.");
if (observer) {
  console.log(`Traces: ${OBSERVER.queryUrl} (Jaeger; every process sends its spans to ${OBSERVER.otlpEndpoint})`);
  console.log(`  one service's recent traces as JSON: ${OBSERVER.queryUrl}/api/traces?service=bff&limit=20`);
  if (!process.env.JAEGER_UI_ASSETS) console.log("  Jaeger built from its Go module serves a placeholder page, not its UI: set JAEGER_UI_ASSETS to an unpacked jaeger-ui build (README)");
}
if (isSmoke && isAllGreen) await printIdleMemory();
if (isSmoke) await stopAll(isAllGreen ? 0 : 1);

/**
 * Each process's resident memory once the stack has settled (consumers joined, start-up work
 * done): issue 14's target is at most 120 MB per service at idle. Read from /proc (Linux).
 */
async function printIdleMemory(): Promise<void> {
  const SETTLE_MS = 15_000;
  const TARGET_MB = 120;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rows = [...children].flatMap(([name, child]) => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
      return Number.isFinite(kb) ? [[name, kb / 1024] as const] : [];
    } catch {
      return [];
    }
  });
  if (rows.length === 0) return;
  console.log(`\nIdle memory (RSS ${SETTLE_MS / 1000} s after all were healthy; target ≤ ${TARGET_MB} MB per service):`);
  const services = new Set(SPECS.filter((spec) => spec.dir.startsWith("services/")).map((spec) => spec.name));
  for (const [name, mb] of rows) {
    const isService = services.has(name);
    console.log(`  ${name.padEnd(width + 4)} ${mb.toFixed(0).padStart(5)} MB${isService && mb > TARGET_MB ? "  over the target" : ""}`);
  }
}

/** `--replicas`' counts (none without it); a bad value is named and the supervisor exits before starting anything. */
function replicaCounts(): Map<string, number> {
  const argument = replicasArgument(process.argv.slice(2));
  if (!argument.isGiven) return new Map();
  try {
    return parseReplicas(argument.value, PROCESSES);
  } catch (error) {
    if (!(error instanceof ReplicasArgumentError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

async function waitHealthy(spec: ReplicaSpec): Promise<string> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = "no answer";
  while (Date.now() < deadline && children.has(spec.name)) {
    try {
      const response = await fetch(`http://127.0.0.1:${spec.port}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return "ok";
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return children.has(spec.name) ? `not healthy: ${last}` : "exited";
}

/**
 * Builds Jaeger when it is not built yet (deploy/local/jaeger/build.sh, once), starts it with
 * deploy/local/jaeger/config.yaml and waits until it is healthy, so no process's first spans
 * are sent to nobody. It stops with the processes.
 */
async function startObserver(): Promise<ChildProcess> {
  const build = spawnSync("bash", [OBSERVER.build], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  const binary = build.stdout.trim();
  if (build.status !== 0 || !binary) {
    console.error("Jaeger could not be built (see above); start without --observe, or see README \"Traces\".");
    process.exit(1);
  }
  const prefix = `${"jaeger".padEnd(width)} |`;
  const jaeger = spawn(binary, ["--config", OBSERVER.config], { env: { ...process.env, JAEGER_UI_ASSETS: process.env.JAEGER_UI_ASSETS ?? "" }, stdio: ["ignore", "pipe", "pipe"] });
  children.set("jaeger", jaeger);
  for (const stream of [jaeger.stdout, jaeger.stderr]) createInterface({ input: stream! }).on("line", (line) => console.log(`${prefix} ${readable(line)}`));
  jaeger.on("exit", (code, signal) => {
    children.delete("jaeger");
    if (!isStopping) console.error(`${prefix} exited unexpectedly (${signal ?? `code ${code}`})`);
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && children.has("jaeger")) {
    const isHealthy = await fetch(OBSERVER.healthUrl, { signal: AbortSignal.timeout(1_000) }).then((response) => response.ok, () => false);
    if (isHealthy) return jaeger;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  console.error(`Jaeger did not become healthy at ${OBSERVER.healthUrl}; are ports 4317, 4318, 13133 and 16686 free?`);
  jaeger.kill("SIGTERM");
  process.exit(1);
}

async function stopAll(exitCode: number): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  console.log("\nStopping all processes...");
  const exits = [...children.values()].map(
    (child) => new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
    }),
  );
  await Promise.all(exits);
  process.exit(exitCode);
}

/** Pino JSON lines become "INFO  listening port=4001"; anything else passes as it is. */
function readable(line: string): string {
  if (!line.startsWith("{")) return line;
  try {
    const { level, msg, time: _time, service: _service, ...rest } = JSON.parse(line) as Record<string, unknown>;
    if (typeof level !== "string") return line;
    const extra = Object.entries(rest)
      .filter(([key]) => key !== "pid" && key !== "hostname")
      .map(([key, value]) => `${key}=${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
      .join(" ");
    return `${level.toUpperCase().padEnd(5)} ${String(msg ?? "")} ${extra}`.trimEnd();
  } catch {
    return line;
  }
}
