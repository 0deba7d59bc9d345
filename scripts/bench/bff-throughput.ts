/**
 * Benchmark (not a test): one page of a signed-in user's event requests with their approvals
 * (GET /api/v1/event-requests/with-approvals?take=10), at 50 in flight, measured four ways in
 * one run on this machine:
 *
 *   - the database floor: the events service's own store query (find + count of the page) run
 *     from this process straight against the database — what the service could at best serve;
 *   - the events service directly, with the token the BFF would mint;
 *   - through the BFF (session in Redis, rate limits, the token, the upstream call);
 *   - a bare Hono "hello" server: the floor of Node + HTTP here.
 *
 * The BFF and the services are their real processes (scripts/bench/stack.ts), one event loop
 * each as in production; HTTP load comes from autocannon in a child process. Targets (issue
 * 14): the service at least 50% of the database floor, the BFF at least 80% of the service.
 *
 *   npm run bench:bff                     10 s per target (the default)
 *   npm run bench:bff -- --seconds 30
 *
 * Needs the local infrastructure (`npm run infra -- up`) or KAFKA_BROKERS / MONGO_URL / REDIS_URL.
 */
import { Hono } from "hono";
import { createOutbox } from "@amia/kit";
import { quietLogger, serveOverHttp } from "@amia/kit/testing";
import { createEventRequestsStore } from "../../services/events/src/store/event-requests-store.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../bff/src/security/csrf.ts";
import { loadHttp, loadInProcess, printHeader, printRow } from "./load.ts";
import { startStack } from "./stack.ts";
import { numberOption } from "./options.ts";

const seconds = numberOption("seconds", 10);
const CONNECTIONS = 50;
const PAGE = "/api/v1/event-requests/with-approvals?take=10";

const stack = await startStack("bench_bff", ["identity", "events"]);
const hello = new Hono().get("/", (c) => c.text("hello"));
const bare = await serveOverHttp(hello.fetch);
try {
  const user = { id: "bench-user-1", email: "bench@example.com" };
  const cookie = await stack.sessionCookie(user);
  for (let i = 0; i < 10; i++) {
    const day = `2026-03-${String(10 + i).padStart(2, "0")}`;
    const created = await fetch(`${stack.bffUrl}/api/v1/event-requests`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: stack.bffUrl, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({ title: `Planning session ${i + 1}`, start_date: { date_time: `${day}T09:00`, time_zone: "Europe/Lisbon" }, end_date: { date_time: `${day}T10:00`, time_zone: "Europe/Lisbon" } }),
    });
    if (created.status !== 201) throw new Error(`could not create an event request: ${created.status} ${await created.text()}`);
  }
  const check = await fetch(`${stack.bffUrl}${PAGE}`, { headers: { cookie } });
  const page = (await check.json()) as { event_requests: unknown[] };
  if (check.status !== 200 || page.event_requests.length !== 10) throw new Error(`unexpected answer: ${check.status}`);

  console.log(`Loading each target for ${seconds} s at ${CONNECTIONS} in flight...`);
  // Reads only: its outbox is never started and publishes nothing.
  const eventsDb = stack.db("events");
  const store = createEventRequestsStore(eventsDb, createOutbox({ db: eventsDb, publish: async () => {}, logger: quietLogger() }));
  const floor = await loadInProcess(() => store.page(user.id, { role: "creator" }, "newest", { skip: 0, take: 10 }), { seconds, concurrency: CONNECTIONS });
  const direct = await loadHttp(`${stack.serviceUrl.events}${PAGE}`, { seconds, connections: CONNECTIONS, headers: { authorization: `Bearer ${await stack.bearer(user, "events")}` } });
  const throughBff = await loadHttp(`${stack.bffUrl}${PAGE}`, { seconds, connections: CONNECTIONS, headers: { cookie } });
  const bareHello = await loadHttp(bare.url, { seconds, connections: CONNECTIONS });

  console.log("");
  printHeader();
  printRow("database floor: the store's page query, in-process", floor);
  printRow("events service directly (the BFF's token)", direct);
  printRow("through the BFF, signed in", throughBff);
  printRow('bare Hono "hello" (same machine, same run)', bareHello);
  const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;
  console.log(`\nevents service / database floor: ${share(direct.perSecond, floor.perSecond)} (target ≥ 50%)`);
  console.log(`BFF / events service:            ${share(throughBff.perSecond, direct.perSecond)} (target ≥ 80%)`);
  console.log(`(Node ${process.version}; ${process.env.KAFKA_BROKERS ? "infrastructure from the environment" : "local infrastructure"})`);
} finally {
  await bare.close();
  await stack.close();
}
