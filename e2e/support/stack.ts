/**
 * The whole app for end-to-end tests: `scripts/start.ts --no-infra` (the supervisor `npm start`
 * uses, with its own process list, deploy/processes.ts) as one child process in its own process
 * group, its output in a log file under e2e/.artifacts/, and a wait until every process of that
 * list answers /healthz (the web server and the BFF above all). The web app is its production
 * build, as `npm start` serves it; the web process builds it first when it is stale.
 *
 * The infrastructure (Kafka, MongoDB-wire database, Redis) is not started here: vitest's
 * test/infra-global-setup.ts finds or starts it, and its addresses are passed on as
 * KAFKA_BROKERS / MONGO_URL / REDIS_URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PROCESSES, type ProcessSpec } from "../../deploy/processes.ts";
import type { TestInfra } from "../../services/kit/src/testing/isolation.ts";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const ARTIFACTS_DIR = join(REPO_ROOT, "e2e", ".artifacts");

const WEB_PORT = 5173;
const BFF_PORT = 3000;
const HOST = "127.0.0.1";

export interface StackOptions {
  /** Addresses of the infrastructure; without it, the processes' own local defaults. */
  infra?: TestInfra;
  /** How long every process may take to answer /healthz. Default 180 s (2 cores, a web build when stale). */
  healthTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace on stop. Default 20 s (the supervisor itself waits 15 s). */
  stopGraceMs?: number;
  /** Where the stack's output goes. Default e2e/.artifacts/stack.log (overwritten each run). */
  logFile?: string;
}

export interface Stack {
  baseUrl: string;
  /** The file holding every line the processes printed. */
  logFile: string;
  /** Terminates the supervisor and every process under it (SIGTERM, then SIGKILL). */
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const { infra, healthTimeoutMs = 180_000, stopGraceMs = 20_000 } = options;
  const logFile = options.logFile ?? join(ARTIFACTS_DIR, "stack.log");
  mkdirSync(dirname(logFile), { recursive: true });

  // Another stack (a developer's `npm start`, say) would answer our health checks and the tests
  // would run against it, or our processes would fail to bind: refuse instead.
  const taken = await portsInUse(PROCESSES);
  if (taken.length > 0) {
    throw new Error(
      `Cannot start the e2e stack: something already answers on ${taken.map((spec) => `${spec.name} (:${spec.port})`).join(", ")}. ` +
        "Stop the other stack (npm start) first.",
    );
  }

  const fd = openSync(logFile, "w");
  let child: ChildProcess;
  try {
    child = spawn(nodeBinary(), ["scripts/start.ts", "--no-infra"], {
      cwd: REPO_ROOT,
      // Every test browser signs in from 127.0.0.1, some 40 people a run, faster than a real
      // address would: the per-address sign-in limit (20 a minute) is for people, and its own
      // integration test (bff/src/guards.int.test.ts) shows it; here it would refuse the suite.
      env: { ...appEnv(), ...infraEnv(infra), RATE_LIMIT_LOGIN_PER_MINUTE: "1000", FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", fd, fd],
      // Its own process group, so stop() can signal the supervisor and every process under it.
      detached: true,
    });
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(fd);
  }
  const pid = child.pid;
  if (pid === undefined) {
    const spawnError = await new Promise<Error>((resolveError) => child.once("error", resolveError));
    throw new Error(`Could not spawn the e2e stack (scripts/start.ts): ${spawnError.message}; log: ${logFile}`);
  }

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitedPromise = new Promise<void>((resolveExit) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolveExit();
    });
  });
  // A crashed test runner must not leave the app running: kill the group when this process exits.
  const killOnExit = (): void => signalGroup(pid, "SIGKILL");
  process.once("exit", killOnExit);

  let isStopped = false;
  const stop = async (): Promise<void> => {
    if (isStopped) return;
    isStopped = true;
    await terminateProcessGroup(pid, exitedPromise, stopGraceMs);
    process.removeListener("exit", killOnExit);
  };

  try {
    await waitHealthy(PROCESSES, healthTimeoutMs, () => exited);
  } catch (error) {
    await stop();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`The e2e stack did not come up: ${message}\nStack log: ${logFile}\n${tail(logFile, 40)}`, { cause: error });
  }
  const baseUrl = `http://${HOST}:${WEB_PORT}`;
  await warmUp(baseUrl);
  return { baseUrl, logFile, stop };
}

/** The Node 24 that `npm start` runs (the `node` package of devDependencies), else this one. */
function nodeBinary(): string {
  const pinned = join(REPO_ROOT, "node_modules", ".bin", "node");
  return existsSync(pinned) ? pinned : process.execPath;
}

/** Asks for the page once, so the first test does not pay for cold caches. */
async function warmUp(baseUrl: string): Promise<void> {
  for (const path of ["/"]) {
    try {
      const response = await fetch(new URL(path, baseUrl), { signal: AbortSignal.timeout(60_000) });
      await response.arrayBuffer();
    } catch {
      // Only a warm-up: the tests will report a server that really does not answer.
    }
  }
}

/**
 * This process's environment minus what vitest adds to it (NODE_ENV=test, TEST, VITEST...), so
 * the processes run as under `npm start` (development), not as the unit tests' in-memory apps.
 */
function appEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key === "TEST" || key === "VITEST" || key.startsWith("VITEST_")) delete env[key];
  if (env.NODE_ENV === "test") delete env.NODE_ENV;
  return env;
}

function infraEnv(infra: TestInfra | undefined): Record<string, string> {
  if (!infra) return {};
  return { KAFKA_BROKERS: infra.kafkaBrokers.join(","), MONGO_URL: infra.mongoUrl, REDIS_URL: infra.redisUrl };
}

/** Every process of the list answers /healthz; the web app and the BFF are checked first and named in errors. */
async function waitHealthy(
  specs: readonly ProcessSpec[],
  timeoutMs: number,
  exitState: () => { code: number | null; signal: NodeJS.Signals | null } | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Map(specs.map((spec) => [spec.name, spec]));
  const last = new Map<string, string>();
  // Make sure the two the tests talk to are in the list even if it changes.
  for (const [name, port] of [["web", WEB_PORT], ["bff", BFF_PORT]] as const) {
    if (![...pending.values()].some((spec) => spec.port === port)) pending.set(name, { name, port, dir: "", args: [], heapMb: 0, needs: [] });
  }
  while (pending.size > 0) {
    const state = exitState();
    if (state) throw new Error(`the supervisor exited (${state.signal ?? `code ${state.code}`}) before every process was healthy`);
    if (Date.now() > deadline) {
      const report = [...pending.values()].map((spec) => `${spec.name} (:${spec.port}): ${last.get(spec.name) ?? "no answer"}`);
      throw new Error(`not healthy after ${Math.round(timeoutMs / 1000)} s: ${report.join("; ")}`);
    }
    await Promise.all(
      [...pending.values()].map(async (spec) => {
        const result = await probe(spec.port);
        if (result === "ok") pending.delete(spec.name);
        else last.set(spec.name, result);
      }),
    );
    if (pending.size > 0) await sleep(500);
  }
}

async function probe(port: number): Promise<string> {
  try {
    const response = await fetch(`http://${HOST}:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok ? "ok" : `HTTP ${response.status}`;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error instanceof Error ? error.message : String(error)}${cause}`;
  }
}

async function portsInUse(specs: readonly ProcessSpec[]): Promise<ProcessSpec[]> {
  const answers = await Promise.all(
    specs.map(async (spec) => {
      try {
        const response = await fetch(`http://${HOST}:${spec.port}/`, { signal: AbortSignal.timeout(1_000) });
        await response.body?.cancel();
        return spec;
      } catch (error) {
        // Refused: free. Anything else (a timeout, a non-HTTP listener) counts as taken.
        const code = error instanceof Error && error.cause && typeof error.cause === "object" ? (error.cause as { code?: unknown }).code : undefined;
        return code === "ECONNREFUSED" ? undefined : spec;
      }
    }),
  );
  return answers.filter((spec): spec is ProcessSpec => spec !== undefined);
}

/**
 * SIGTERM to every process of the group led by `pid`; once the leader has exited (`leaderExited`)
 * and the rest are gone, done; whatever is left after `graceMs` gets SIGKILL. Resolves true when
 * the group ended on SIGTERM alone.
 */
export async function terminateProcessGroup(pid: number, leaderExited: Promise<void>, graceMs: number): Promise<boolean> {
  const deadline = Date.now() + graceMs;
  signalGroup(pid, "SIGTERM");
  // The supervisor exits once its children have; then wait for anything else in the group.
  // (The grace timer is cleared once the leader has gone: a pending timer would keep the test
  // runner alive for the rest of it.)
  let graceTimer: NodeJS.Timeout | undefined;
  await Promise.race([leaderExited, new Promise<void>((resolveGrace) => (graceTimer = setTimeout(resolveGrace, graceMs)))]);
  clearTimeout(graceTimer);
  while (groupAlive(pid) && Date.now() < deadline) await sleep(200);
  if (!groupAlive(pid)) return true;
  signalGroup(pid, "SIGKILL");
  const killDeadline = Date.now() + 5_000;
  while (groupAlive(pid) && Date.now() < killDeadline) await sleep(100);
  return false;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    // EPERM would mean it exists but is not ours; it is ours, so only ESRCH means gone.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tail(file: string, lines: number): string {
  try {
    const text = readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines);
    return `--- last ${text.length} lines of ${relative(process.cwd(), file) || file} ---\n${text.join("\n")}`;
  } catch {
    return "";
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}
