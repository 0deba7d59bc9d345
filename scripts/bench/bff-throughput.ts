/**
 * Benchmark (not a test): an authenticated GET /api/v1/event-requests/with-approvals (10 items)
 * through the BFF at 50 connections: session lookup in Redis, a freshly minted internal JWT, the
 * upstream call to the events service and its MongoDB-wire query. Beside it, a bare Hono "hello"
 * server measured in the same run, on the same machine: the floor of Node + HTTP here.
 *
 *   npm run bench:bff                     10 s per target (the default)
 *   npm run bench:bff -- --seconds 30
 *
 * The load comes from autocannon in a child process, so the generator does not share the
 * servers' event loop. The BFF and the events service run in this process, as in a test.
 * Needs the local infrastructure (`npm run infra -- up`) or KAFKA_BROKERS / MONGO_URL / REDIS_URL.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { Hono } from "hono";
import { serveOverHttp } from "@amia/kit/testing";
import { createWorld } from "../../bff/src/testing/world.ts";
import { createEventsService } from "../../services/events/src/app.ts";
import { createIdentityService } from "../../services/identity/src/app.ts";

const seconds = Number(process.argv[process.argv.indexOf("--seconds") + 1] || 0) || 10;
const CONNECTIONS = 50;
const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<AutocannonResult> {
  const args = [autocannonBin, "--json", "--connections", String(CONNECTIONS), "--duration", String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("--headers", `${name}=${value}`);
  args.push(url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as AutocannonResult;
}

const world = await createWorld({ label: "bench-bff", services: { identity: createIdentityService, events: createEventsService } });
const hello = new Hono().get("/", (c) => c.text("hello"));
const bare = await serveOverHttp(hello.fetch);
try {
  const browser = await world.signedIn("bench@example.com", "Bench User");
  for (let i = 0; i < 10; i++) {
    const created = await browser.json("POST", "/api/v1/event-requests", {
      title: `Planning session ${i + 1}`,
      start_date: { date_time: `2026-03-${String(10 + i).padStart(2, "0")}T09:00`, time_zone: "Europe/Lisbon" },
      end_date: { date_time: `2026-03-${String(10 + i).padStart(2, "0")}T10:00`, time_zone: "Europe/Lisbon" },
    });
    if (created.status !== 201) throw new Error(`could not create an event request: ${JSON.stringify(created.body)}`);
  }
  const path = "/api/v1/event-requests/with-approvals?take=10";
  const check = await browser.json("GET", path);
  if (check.status !== 200 || check.body.event_requests.length !== 10) throw new Error(`unexpected answer: ${check.status}`);
  const cookie = browser.jar.header(new URL(path, world.bff.url))!;

  console.log(`Loading each target for ${seconds} s at ${CONNECTIONS} connections...`);
  const throughBff = await load(`${world.bff.url}${path}`, { cookie });
  // The same call straight to the events service, with the token the BFF would mint: what the
  // BFF itself adds is the difference.
  const me = (await browser.json("GET", "/api/v1/auth/session")).body.user as { id: string; email: string };
  const token = await world.bff.keys.mint({ id: me.id, email: me.email, kind: "user" }, "events");
  const direct = await load(`${world.services.events!.served.url}${path}`, { authorization: `Bearer ${token}` });
  const bareHello = await load(bare.url);

  console.log("");
  console.log(`${"target".padEnd(52)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}`);
  const row = (label: string, result: AutocannonResult) =>
    console.log(`${label.padEnd(52)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${String(result.non2xx + result.errors).padStart(8)}`);
  row("BFF: GET with-approvals (10 items), signed in", throughBff);
  row("events service directly, same call and token", direct);
  row("bare Hono \"hello\" (same machine, same run)", bareHello);
  console.log(`\n(Node ${process.version}; ${process.env.KAFKA_BROKERS ? "infrastructure from the environment" : "local infrastructure"})`);
} finally {
  await bare.close();
  await world.close();
}
