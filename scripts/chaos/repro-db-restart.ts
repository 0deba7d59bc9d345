/**
 * A database restart under approval load, watching calendar's (and events') /readyz afterwards
 * (issue 14: a calendar that lived through a database restart under load stayed unready). Uses
 * the fault suite's private infrastructure, so run it alone:
 *   flock /tmp/amia-chaos.lock node scripts/chaos/repro-db-restart.ts
 * Knobs (env): CONCURRENCY (event-request flows at once, 6), GOOGLE_MS (each Google call slower,
 * 0), WARMUP_MS (load before the stop, 25 s), DOWN_MS (10 s), WATCH_MS (120 s), EXTRA_ENV (JSON,
 * more variables for the processes); STACK_LOG_DIR keeps every process's log.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { startStack, type StackService } from "../bench/stack.ts";
import { runFlow, type EffectProbe, type FlowContext } from "./flows.ts";
import { privateInfra } from "./infra.ts";

const SERVICES: StackService[] = ["identity", "relationships", "events", "notifications", "calendar"];
const infra = privateInfra();
await infra.up();
Object.assign(process.env, infra.env);
const stack = await startStack("repro", SERVICES, {
  LOG_LEVEL: "error",
  RATE_LIMIT_RELATIONSHIP_REQUESTS_PER_HOUR: "100000",
  GOOGLE_STAND_IN_INTROSPECTION_URL: "http://127.0.0.1:9/introspect",
  ...(process.env.EXTRA_ENV ? JSON.parse(process.env.EXTRA_ENV) : {}),
}, { google: true });
const t0 = performance.now();
const now = () => performance.now() - t0;
const probes: EffectProbe[] = [];
const ctx: FlowContext = { stack, now, probes };
let running = true;
let done = 0;
const worker = async (n: number) => {
  let i = 0;
  while (running) {
    await runFlow(ctx, "event-request", `w${n}-${i++}`);
    done++;
  }
};
const workers = Array.from({ length: Number(process.env.CONCURRENCY ?? 6) }, (_, n) => worker(n));
const readyz = async (service: StackService) => {
  const started = performance.now();
  try {
    const res = await fetch(`${stack.serviceUrl[service]}/readyz`, { signal: AbortSignal.timeout(5_000) });
    return `${res.status} ${Math.round(performance.now() - started)}ms ${res.status === 200 ? "" : (await res.text()).slice(0, 160)}`;
  } catch (error) {
    return `no answer ${(error as Error).message}`;
  }
};
stack.google!.slowDown(Number(process.env.GOOGLE_MS ?? 0));
await sleep(Number(process.env.WARMUP_MS ?? 25_000));
console.log(`[${(now() / 1000).toFixed(0)}s] flows done ${done}; stopping db`);
await infra.stop("db");
await sleep(Number(process.env.DOWN_MS ?? 10_000));
await infra.up();
console.log(`[${(now() / 1000).toFixed(0)}s] db up`);
const upAt = now();
let readyAt: number | null = null;
while (now() - upAt < Number(process.env.WATCH_MS ?? 120_000)) {
  const cal = await readyz("calendar");
  const ev = await readyz("events");
  console.log(`[${((now() - upAt) / 1000).toFixed(1)}s after up] done ${done} calendar: ${cal} | events: ${ev.slice(0, 12)}`);
  if (cal.startsWith("200")) {
    readyAt ??= now() - upAt;
    if (now() - upAt - readyAt > 10_000) break;
  } else readyAt = null;
  await sleep(2_000);
}
console.log(readyAt === null ? "CALENDAR NEVER READY" : `calendar ready ${(readyAt / 1000).toFixed(1)} s after db up`);
running = false;
await Promise.race([Promise.all(workers), sleep(10_000)]);
await stack.close();
await infra.down();
process.exit(0);
