/**
 * `npm run fuzz`: malformed and hostile input against the running app, through the BFF's own
 * OpenAPI document, with a signed-in user; 0 server errors and every service still healthy, or
 * it exits non-zero.
 *
 *   npm run fuzz                      start the stack (as `npm start` and the e2e tests do, with
 *                                     rate limits raised so the fuzz reaches the services), fuzz it,
 *                                     stop it. Stop `npm start` first: the ports are fixed.
 *   npm run fuzz -- --running         fuzz the stack `npm start` already runs (its own limits: many
 *                                     writes will get 429)
 *   npm run fuzz -- --examples 20     schemathesis test cases per operation and phase (default 10)
 *   npm run fuzz -- --seed 1234       schemathesis's random seed, to repeat a run
 *
 * Steps: (1) schemathesis from PyPI into scripts/fuzz/.venv (pinned, git-ignored; Python ≥ 3.10);
 * (2) the stack; (3) a user signed in at the local OpenID Connect provider without a browser,
 * with real resources seeded for `{id}`; (4) schemathesis over every operation of
 * /api/v1/openapi.json with all its checks (not the live notification stream, which never ends,
 * nor sign-out, which would end the session), its accepted findings in scripts/fuzz/baseline.json;
 * (5) as a second user, seeded the same way, our own cases for every operation (own-cases.ts):
 * sizes around the body limit, deep nesting, prototype keys, wrong content types, impossible
 * dates and zones, long and odd strings, hostile ids and query values, other methods, sign-out
 * last; (6) /healthz and /readyz of every process. It prints statuses by class per route and
 * overall, then every 5xx with its request, answer and the server's log line. Output lands in
 * artifacts/fuzz/.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PROCESSES } from "../../deploy/processes.ts";
import { startStack, type Stack } from "../../e2e/support/stack.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../bff/src/security/csrf.ts";
import { SESSION_COOKIE } from "../../bff/src/sessions/session-middleware.ts";
import type { TestBrowser } from "../../bff/src/testing/test-browser.ts";
import { operationsOf, pathMatcher, routeKeyOf, type OpenApiDocument } from "./operations.ts";
import { ownCases, type OwnCase } from "./own-cases.ts";
import { fuzzingCopy, seed, seedKindOf, type Seeded } from "./seed.ts";
import { signIn } from "./sign-in.ts";
import { classOf, formatTable, sum, Tally } from "./tally.ts";
import { ensureSchemathesis } from "./venv.ts";

const FUZZ_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(FUZZ_DIR, "../..");
const OUT_DIR = join(REPO_ROOT, "artifacts", "fuzz");
const BFF_URL = "http://127.0.0.1:3000";
/** The app's public origin: the OIDC redirect URI and the Origin the BFF expects on writes. */
const WEB_ORIGIN = "http://127.0.0.1:5173";
const OPENAPI_PATH = "/api/v1/openapi.json";
const MIN_REQUESTS = 5_000;
const SIGN_OUT = "POST /api/v1/auth/logout";
/** Operations schemathesis leaves out: the stream never ends; sign-out would end the fuzz user's session (our own cases sign out last). */
const NOT_FUZZED = ["GET /api/v1/notifications/stream", SIGN_OUT];
/** Raised for the stack this script starts: otherwise most writes of one user get 429 within a minute. */
const FUZZ_LIMITS: Record<string, string> = {
  RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
  RATE_LIMIT_CHAT_PER_MINUTE: "1000000",
  RATE_LIMIT_RELATIONSHIP_REQUESTS_PER_HOUR: "1000000",
  RATE_LIMIT_LOGIN_PER_MINUTE: "1000000",
};

interface ServerError {
  source: "schemathesis" | "own case";
  route: string;
  request: string;
  body?: string;
  status: number | "error";
  answer: string;
  requestId?: string;
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const isRunning = args.includes("--running");
const maxExamples = Number(option("--examples") ?? 10);
const seedOption = option("--seed");
const bodyLimitBytes = Number(process.env.BODY_LIMIT_BYTES ?? 256 * 1024);

mkdirSync(OUT_DIR, { recursive: true });
// A finding listed by an earlier run must not pass for one of this run.
for (const stale of ["mismatches.txt", "server-errors.json"]) rmSync(join(OUT_DIR, stale), { force: true });
let stack: Stack | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping...`);
    void (stack?.stop() ?? Promise.resolve()).then(() => process.exit(130));
  });
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\nnpm run fuzz failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  if (stack) {
    console.log("\nStopping the stack...");
    await stack.stop();
  }
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const venv = ensureSchemathesis(FUZZ_DIR);
  console.log(`schemathesis ${venv.version} (${venv.schemathesis})`);

  let logFile: string | undefined;
  if (isRunning) {
    if (!(await isHealthy(`${BFF_URL}/healthz`))) throw new Error(`--running: nothing healthy at ${BFF_URL}; start it with npm start`);
    console.log(`Fuzzing the running stack at ${BFF_URL} (its own rate limits apply).`);
  } else {
    ensureInfrastructure();
    Object.assign(process.env, FUZZ_LIMITS);
    logFile = join(OUT_DIR, "stack.log");
    console.log(`Starting the stack (log: ${logFile})...`);
    stack = await startStack({ logFile });
    console.log("The stack is up.");
  }

  // The fuzz user, and resources of theirs for `{id}`.
  const user = await signIn(WEB_ORIGIN, `fuzz-${Date.now()}@example.com`, "Fuzz User");
  const seeded = await seed(user, WEB_ORIGIN);
  console.log(`Signed in as the fuzz user; seeded ${Object.values(seeded).flat().length} resources.`);

  const document = (await (await fetch(`${BFF_URL}${OPENAPI_PATH}`)).json()) as OpenApiDocument;
  const operations = operationsOf(document);
  const documented = operations.map((operation) => operation.key);
  const match = pathMatcher(Object.keys(document.paths));
  const routeOf = (method: string, url: string) => routeKeyOf(method, url, match, new Set(documented));
  const documentFile = join(OUT_DIR, "openapi.json");
  writeFileSync(documentFile, JSON.stringify(fuzzingCopy(document, seeded), null, 2));

  // schemathesis.
  const harFile = join(OUT_DIR, "schemathesis.har.json");
  const schemathesisLog = join(OUT_DIR, "schemathesis.txt");
  const stExit = await runSchemathesis(venv.schemathesis, documentFile, harFile, schemathesisLog, sessionOf(user));
  const fromSchemathesis = new Tally();
  const errors: ServerError[] = [];
  for (const entry of harEntries(harFile)) {
    const route = routeOf(entry.request.method, entry.request.url);
    const status = entry.response.status > 0 ? entry.response.status : "error";
    fromSchemathesis.add(route, status);
    if (classOf(status) === "5xx" || status === "error") {
      const requestId = entry.response.headers.find((header) => header.name.toLowerCase() === "x-request-id")?.value;
      errors.push({
        source: "schemathesis",
        route,
        request: `${entry.request.method} ${entry.request.url}`,
        ...(entry.request.postData?.text ? { body: entry.request.postData.text } : {}),
        status,
        answer: entry.response.content?.text ?? "",
        ...(requestId ? { requestId } : {}),
      });
    }
  }
  console.log(`schemathesis: ${sum(fromSchemathesis.total())} requests; ${stExit === 0 ? "no finding beyond scripts/fuzz/baseline.json" : `findings beyond scripts/fuzz/baseline.json (exit code ${stExit})`}, all in ${schemathesisLog}.`);

  // The session must have survived the run.
  const isSessionAlive = (await user.call("GET", "/api/v1/auth/session")).status === 200;

  // Our own cases, as a second user with resources of their own: schemathesis deleted and decided
  // the first user's, and used up their quotas (20 notifications an hour, say).
  const caseUser = await signIn(WEB_ORIGIN, `fuzz-cases-${Date.now()}@example.com`, "Fuzz Cases");
  const reseeded = await seed(caseUser, WEB_ORIGIN);
  const cases = ownCases(operations, { bodyLimitBytes, idFor: (operation) => idFor(operation.path, reseeded), last: [SIGN_OUT] });
  const fromOwnCases = new Tally();
  const mismatches: string[] = [];
  let polluted = 0;
  // One at a time. Two side by side (even on different operations) overlapped writes to one
  // event request on a loaded machine: a PATCH the BFF had given up on (504 at 10 s) was still
  // retrying in the events service when the next arrived, and each made the other slower.
  await inParallel(cases, 1, async (testCase) => {
    const result = await send(caseUser, testCase);
    const route = routeOf(testCase.method, `${BFF_URL}${testCase.target}`);
    fromOwnCases.add(route, result.status);
    if (result.answer.includes("fuzz-polluted")) polluted += 1;
    if (classOf(result.status) === "5xx" || result.status === "error") {
      errors.push({
        source: "own case",
        route,
        request: `${testCase.method} ${testCase.target.slice(0, 300)} (${testCase.label})`,
        ...(testCase.body === undefined ? {} : { body: testCase.body.slice(0, 300) }),
        status: result.status,
        answer: result.answer.slice(0, 500),
        ...(result.requestId ? { requestId: result.requestId } : {}),
      });
    } else if (testCase.expected !== undefined && result.status !== testCase.expected) {
      mismatches.push(`${testCase.operation}: ${testCase.label} → ${result.status}, expected ${testCase.expected}`);
    }
  });
  console.log(`Own cases: ${cases.length} requests.`);

  // Every process still healthy.
  const health = await Promise.all(
    PROCESSES.map(async (spec) => {
      const hasReadiness = spec.dir.startsWith("services/") || spec.name === "bff";
      const paths = hasReadiness ? ["/healthz", "/readyz"] : ["/healthz"];
      const states = await Promise.all(paths.map(async (path) => [path, await probe(`http://127.0.0.1:${spec.port}${path}`)] as const));
      return { name: spec.name, states };
    }),
  );
  const unhealthy = health.filter(({ states }) => states.some(([, state]) => state !== 200));

  // The report.
  const all = new Tally();
  all.merge(fromSchemathesis);
  all.merge(fromOwnCases);
  const total = all.total();
  const uncovered = documented.filter((key) => sum(all.counts(key)) === 0);
  console.log(`\nStatuses by route (schemathesis and own cases together):\n${formatTable(all, documented)}`);
  console.log(`\nschemathesis ${sum(fromSchemathesis.total())} + own cases ${sum(fromOwnCases.total())} = ${sum(total)} requests in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  console.log(`By class: ${(["2xx", "3xx", "4xx", "5xx", "error"] as const).map((name) => `${name} ${total[name]}`).join(", ")}`);
  console.log(`\nHealth after the run:\n${health.map(({ name, states }) => `  ${states.every(([, state]) => state === 200) ? "✔" : "✘"} ${name.padEnd(16)} ${states.map(([path, state]) => `${path} ${state}`).join("  ")}`).join("\n")}`);
  if (mismatches.length > 0) {
    writeFileSync(join(OUT_DIR, "mismatches.txt"), `${mismatches.join("\n")}\n`);
    console.log(`\n${mismatches.length} own cases answered another status than the one certain for them (not failures; artifacts/fuzz/mismatches.txt):\n${mismatches.slice(0, 15).map((line) => `  ${line}`).join("\n")}`);
  }
  if (errors.length > 0) {
    const logLines = logFile ? readFileSync(logFile, "utf8").split("\n") : [];
    const detailed = errors.map((error) => ({ ...error, log: error.requestId ? logLines.filter((line) => line.includes(error.requestId!) && /ERROR|WARN|error/.test(line)).map((line) => line.slice(0, 1_000)) : [] }));
    writeFileSync(join(OUT_DIR, "server-errors.json"), JSON.stringify(detailed, null, 2));
    console.log(`\n${errors.length} requests answered 5xx or not at all (all in artifacts/fuzz/server-errors.json):`);
    for (const error of detailed.slice(0, 20)) {
      console.log(`  [${error.status}] ${error.request}${error.body ? `\n        body: ${error.body.slice(0, 200)}` : ""}\n        answer: ${error.answer.slice(0, 200)}${error.log[0] ? `\n        log: ${error.log[0].slice(0, 400)}` : ""}`);
    }
  }

  const failures = [
    total["5xx"] + total.error > 0 && `${total["5xx"]} × 5xx and ${total.error} requests without an answer`,
    unhealthy.length > 0 && `unhealthy after the run: ${unhealthy.map(({ name }) => name).join(", ")}`,
    sum(total) < MIN_REQUESTS && `only ${sum(total)} requests (at least ${MIN_REQUESTS} wanted: raise --examples)`,
    uncovered.length > 0 && `no request reached ${uncovered.join(", ")}`,
    !isSessionAlive && "the fuzz user's session ended during the run",
    polluted > 0 && `${polluted} answers carried the prototype-pollution marker`,
    stExit !== 0 && `schemathesis found what scripts/fuzz/baseline.json does not accept (a document that says something untrue, a response off its schema ...): see ${schemathesisLog}`,
  ].filter((failure): failure is string => typeof failure === "string");
  console.log(failures.length === 0 ? "\nFUZZ PASSED: 0 server errors, every process healthy." : `\nFUZZ FAILED:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
  return failures.length === 0 ? 0 : 1;
}

function ensureInfrastructure(): void {
  const status = spawnSync("bash", ["deploy/local/infra.sh", "status"], { cwd: REPO_ROOT, stdio: "ignore" });
  if (status.status === 0) return;
  const up = spawnSync("bash", ["deploy/local/infra.sh", "up"], { cwd: REPO_ROOT, stdio: "inherit" });
  if (up.status !== 0) throw new Error("The local infrastructure did not come up (deploy/local/infra.sh up); see above.");
}

function sessionOf(browser: TestBrowser): string {
  const pair = (browser.jar.header(`${BFF_URL}/`) ?? "").split("; ").find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!pair) throw new Error("signed in, but no session cookie");
  return pair.slice(SESSION_COOKIE.length + 1);
}

function idFor(path: string, seeded: Seeded): string {
  const kind = seedKindOf(path);
  return (kind ? seeded[kind][0] : undefined) ?? "fuzz-no-such-id";
}

async function runSchemathesis(binary: string, documentFile: string, harFile: string, logFile: string, session: string): Promise<number | null> {
  const stArgs = [
    "--config-file", join(FUZZ_DIR, "schemathesis.toml"),
    "run", documentFile,
    "--url", BFF_URL,
    "--max-examples", String(maxExamples),
    "--workers", "2",
    "--request-timeout", "30",
    "--report", "har", "--report-har-path", harFile,
    // Findings accepted, each with its reason: rules JSON Schema cannot state, said in words.
    "--baseline", join(FUZZ_DIR, "baseline.json"),
    "--no-color",
    ...(seedOption ? ["--seed", seedOption] : []),
    ...NOT_FUZZED.flatMap((key) => ["--exclude-path", key.split(" ")[1] ?? ""]),
  ];
  console.log(`Running schemathesis (${maxExamples} examples per operation; output: ${logFile})...`);
  const child = spawn(binary, stArgs, {
    cwd: OUT_DIR,
    env: { ...process.env, AMIA_FUZZ_SESSION: session, AMIA_FUZZ_ORIGIN: WEB_ORIGIN },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolveExit) => child.once("exit", resolveExit));
  const text = output.join("");
  writeFileSync(logFile, text);
  const summaryAt = text.lastIndexOf("\n", text.lastIndexOf(" SUMMARY "));
  const summary = summaryAt >= 0 ? text.slice(summaryAt + 1) : text.split("\n").slice(-30).join("\n");
  console.log(summary.trim().split("\n").map((line) => `  | ${line}`).join("\n"));
  return code;
}

interface HarEntry {
  request: { method: string; url: string; postData?: { text?: string } };
  response: { status: number; headers: { name: string; value: string }[]; content?: { text?: string } };
}

function harEntries(file: string): HarEntry[] {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { log: { entries: HarEntry[] } }).log.entries;
  } catch (error) {
    throw new Error(`schemathesis left no readable report at ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function send(browser: TestBrowser, testCase: OwnCase): Promise<{ status: number | "error"; answer: string; requestId?: string }> {
  const headers: Record<string, string> = { ...testCase.headers };
  const isStateChanging = !["GET", "HEAD", "OPTIONS"].includes(testCase.method);
  if (isStateChanging) {
    headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
    headers.origin = WEB_ORIGIN;
  }
  const cookie = browser.jar.header(`${BFF_URL}/`);
  if (cookie) headers.cookie = cookie;
  // A string body makes fetch add text/plain; bytes go without a content type when none is given.
  const hasNoType = headers["content-type"] === "";
  if (hasNoType) delete headers["content-type"];
  const body = testCase.body === undefined ? undefined : hasNoType ? Buffer.from(testCase.body) : testCase.body;
  try {
    const response = await fetch(`${BFF_URL}${testCase.target}`, { method: testCase.method, headers, redirect: "manual", signal: AbortSignal.timeout(30_000), ...(body === undefined ? {} : { body }) });
    const requestId = response.headers.get("x-request-id") ?? undefined;
    // A stream stays open: its status and headers are the answer.
    const answer = (response.headers.get("content-type") ?? "").includes("text/event-stream") ? (await response.body?.cancel(), "") : await response.text();
    return { status: response.status, answer, ...(requestId ? { requestId } : {}) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return { status: "error", answer: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}

async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function probe(url: string): Promise<number | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function isHealthy(url: string): Promise<boolean> {
  return (await probe(url)) === 200;
}
