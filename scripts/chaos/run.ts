/**
 * `npm run chaos`: the fault suite (issue 14 point 8). Starts its own infrastructure (Kafka,
 * FerretDB over PostgreSQL, Redis from deploy/local on ports and a run folder of their own, so
 * the shared infrastructure is never touched) and the real processes (scripts/bench/stack.ts,
 * with the Google and OpenAI stand-ins), drives whole flows through the BFF while it SIGKILLs and
 * restarts services at random and restarts Kafka, the database and Redis, then waits for quiet
 * and counts lost effects, duplicates and stuck work per fault kind. Exits 1 on any loss or
 * duplicate (and on stuck work), 2 on bad options.
 *
 *   npm run chaos                                 40 kills, 1 restart of each piece, at least 60 flows
 *   npm run chaos -- --short                      the CI run: 10 kills, 1 restart of each piece, 30 flows
 *   npm run chaos -- --kills 100 --infra-restarts 3 --flows 150 --seed 42
 *   npm run chaos -- --keep-infra                 leave the private infrastructure running afterwards
 *
 * The same --seed gives the same schedule (which fault, in which order, the pauses between them,
 * which flow); what the processes do meanwhile is up to the machine.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { Queue } from "bullmq";
import { outboxStatus } from "@amia/kit";
import { startStack, type StackProcess, type StackService } from "../bench/stack.ts";
import { runFlow, type EffectProbe, type FlowContext } from "./flows.ts";
import { privateInfra, type InfraPiece } from "./infra.ts";
import { faultPlan, faultsDuring, formatTable, hasLossOrDuplicate, percentile, seededRandom, tally, verdictOf, type EffectCount, type FaultWindow, type FlowKind, type FlowRecord } from "./tally.ts";

const { values: args } = parseArgs({
  options: {
    kills: { type: "string" },
    "infra-restarts": { type: "string" },
    flows: { type: "string" },
    seed: { type: "string" },
    concurrency: { type: "string" },
    short: { type: "boolean", default: false },
    "keep-infra": { type: "boolean", default: false },
  },
});
const count = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number, not ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return Number(value);
};
const options = {
  kills: count("kills", args.kills, args.short ? 10 : 40),
  infraRestarts: count("infra-restarts", args["infra-restarts"], 1),
  flows: count("flows", args.flows, args.short ? 30 : 60),
  seed: count("seed", args.seed, Math.floor(Math.random() * 1_000_000)),
  concurrency: count("concurrency", args.concurrency, 4),
};

/** The services the flows use; each may be killed. The BFF is the front door the flows measure through: never killed. */
const SERVICES: readonly StackService[] = ["identity", "relationships", "events", "notifications", "agent", "usage", "calendar"];
/** After the drive, how long effects may keep changing before the count is final. */
const QUIET_MS = 30_000;
const QUIET_CAP_MS = 300_000;
/** A killed service should answer /healthz again this soon after its restart (issue 14's target). */
const HEALTHZ_TARGET_MS = 5_000;
/** Before a Redis restart: each Google call this much slower, until this many sync jobs are queued (or this long passed). */
const REDIS_RESTART_GOOGLE_LATENCY_MS = 3_000;
const QUEUED_JOBS_WANTED = 3;
const QUEUE_WAIT_CAP_MS = 20_000;
/**
 * Before a database restart: notifications is killed this long while flows go on, then started
 * again just before the database stops, so its consumer meets the outage with events waiting
 * (retrying them through it, losing none).
 */
const DB_RESTART_BACKLOG_MS = 3_000;

// Two generators: the flows' choices happen in whatever order the machine finishes them, and must
// not shift the faults' schedule.
const random = seededRandom(options.seed);
const flowRandom = seededRandom(options.seed ^ 0x5f3759df);
const between = (min: number, max: number) => min + random() * (max - min);
console.log(`chaos: seed ${options.seed}, ${options.kills} kills, ${options.infraRestarts} restart(s) of kafka, db and redis, at least ${options.flows} flows, ${options.concurrency} at once`);

const infra = privateInfra();
console.log(`Private infrastructure (run folder ${infra.runDir}): ${Object.values(infra.env).join(" ")}`);
await infra.up();
// The stack's processes, its database reads and its Redis all use the private infrastructure.
Object.assign(process.env, infra.env);
const stack = await startStack("chaos", SERVICES, {
  LOG_LEVEL: "error",
  // Fresh users each time, but many of them from one machine: no limit should refuse the suite.
  AI_CREDITS_FREE: "1000000",
  RATE_LIMIT_CHAT_PER_MINUTE: "100000",
  RATE_LIMIT_RELATIONSHIP_REQUESTS_PER_HOUR: "100000",
  RATE_LIMIT_LOGIN_PER_MINUTE: "100000",
  // Nobody to introspect a refresh token with: each one is a calendar of its own.
  GOOGLE_STAND_IN_INTROSPECTION_URL: "http://127.0.0.1:9/introspect",
}, { google: true, openai: true });

let exitCode = 0;
try {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const probes: EffectProbe[] = [];
  const ctx: FlowContext = { stack, now, probes };
  const faults: FaultWindow[] = [];
  const healthz: Array<{ process: StackProcess; ms: number }> = [];
  // The calendar service's BullMQ queue, read as the service names it (main.ts: `${REDIS_KEY_PREFIX}bull`).
  const queueRedis = new Redis(infra.env.REDIS_URL, { maxRetriesPerRequest: null });
  queueRedis.on("error", () => undefined);
  const calendarQueue = new Queue("calendar-sync", { connection: queueRedis, prefix: `${stack.prefixes.redis}bull` });
  calendarQueue.on("error", () => undefined);
  const queuedJobs = async () => {
    const counts = await calendarQueue.getJobCounts("waiting", "active", "delayed", "prioritized");
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  };
  // The notification consumers' lag, as notifications reports it on /metrics (kafka_consumer_lag).
  const notificationsBacklog = async () => {
    const text = await (await fetch(`${stack.serviceUrl.notifications}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    return text
      .split("\n")
      .filter((line) => line.startsWith("kafka_consumer_lag"))
      .reduce((sum, line) => sum + (Number(line.trim().split(/\s+/).at(-1)) || 0), 0);
  };

  // Readiness, every 2 s: a process that answers 503 on /readyz while no infrastructure piece is
  // down cannot serve although it could (a database restart it did not recover from). Time while a
  // piece is down, or while the process is not answering at all (killed), does not count.
  let infraDown: InfraPiece | null = null;
  const unready = new Map<StackService, { sinceMs: number | null; longestMs: number; detail: string }>(SERVICES.map((service) => [service, { sinceMs: null, longestMs: 0, detail: "" }]));
  let isWatching = true;
  const watching = (async () => {
    while (isWatching) {
      await Promise.all(
        SERVICES.map(async (service) => {
          const state = unready.get(service)!;
          let answer: Response | null = null;
          try {
            answer = await fetch(`${stack.serviceUrl[service]}/readyz`, { signal: AbortSignal.timeout(5_000) });
          } catch {
            // not answering (killed, restarting): not "unready"
          }
          if (answer?.status === 503 && infraDown === null) {
            state.detail = (await answer.text().catch(() => "")).slice(0, 300);
            state.sinceMs ??= now();
            const forMs = now() - state.sinceMs;
            if (forMs > state.longestMs && Math.floor(forMs / 30_000) > Math.floor(state.longestMs / 30_000)) {
              console.log(`  [${(now() / 1_000).toFixed(0)} s] ${service} unready for ${(forMs / 1_000).toFixed(0)} s with all infrastructure up: ${state.detail}`);
            }
            state.longestMs = Math.max(state.longestMs, forMs);
          } else {
            await answer?.body?.cancel();
            state.sinceMs = null;
          }
        }),
      );
      await sleep(2_000);
    }
  })();

  // Faults, one at a time, in the seeded order, with pauses between them; flows run meanwhile.
  const plan = faultPlan(random, { kills: options.kills, infraRestarts: options.infraRestarts, processes: SERVICES });
  const pauses = plan.map(() => between(1_000, 5_000));
  const downtimes = plan.map(() => between(3_000, 10_000));
  const killGaps = plan.map(() => between(0, 1_000));
  let isFaulting = true;
  const faulting = (async () => {
    await sleep(5_000);
    for (const [index, kind] of plan.entries()) {
      await sleep(pauses[index]!);
      const startMs = now();
      if (kind.startsWith("kill ")) {
        const name = kind.slice("kill ".length) as StackProcess;
        await stack.kill(name);
        await sleep(killGaps[index]!);
        const ms = await stack.restart(name, 120_000);
        healthz.push({ process: name, ms });
        faults.push({ kind, startMs, endMs: now(), recoveryMs: ms });
        console.log(`  [${(startMs / 1_000).toFixed(0)} s] ${kind}: /healthz again ${(ms / 1_000).toFixed(1)} s after its restart`);
      } else {
        const piece = kind.slice("restart ".length) as InfraPiece;
        // Redis holds the queued calendar jobs: Google is made slow first, so approvals' jobs pile
        // up behind the worker and the restart meets jobs waiting (the reconciliation must bring
        // each its Google event); say how many were there when it went down.
        if (piece === "redis") {
          stack.google!.slowDown(REDIS_RESTART_GOOGLE_LATENCY_MS);
          const until = now() + QUEUE_WAIT_CAP_MS;
          while (now() < until && (await queuedJobs().catch(() => 0)) < QUEUED_JOBS_WANTED) await sleep(250);
        }
        // The database holds what the notification consumer writes: its events are made to pile up
        // first (the consumer killed while flows go on), so the restart meets a backlog.
        if (piece === "db") {
          await stack.kill("notifications");
          await sleep(DB_RESTART_BACKLOG_MS);
          await stack.restart("notifications", 120_000);
        }
        const queued =
          piece === "redis"
            ? ` with ${await queuedJobs().catch(() => "?")} calendar job(s) queued`
            : piece === "db"
              ? ` with ${await notificationsBacklog().catch(() => "?")} event(s) waiting for the notification consumers`
              : "";
        infraDown = piece;
        await infra.stop(piece);
        await sleep(downtimes[index]!);
        const upAt = now();
        await infra.up();
        infraDown = null;
        if (piece === "redis") stack.google!.slowDown(0);
        faults.push({ kind, startMs, endMs: now(), recoveryMs: now() - upAt });
        console.log(`  [${(startMs / 1_000).toFixed(0)} s] ${kind}${queued}: down ${(downtimes[index]! / 1_000).toFixed(1)} s, up again in ${((now() - upAt) / 1_000).toFixed(1)} s`);
      }
    }
    isFaulting = false;
  })();

  // Flows: the seeded mix, `concurrency` at a time, until at least --flows have started and the faults are over.
  const KINDS: FlowKind[] = ["relationship", "event-request", "event-request", "chat"];
  const flows: FlowRecord[] = [];
  let started = 0;
  const worker = async () => {
    while (started < options.flows || isFaulting) {
      const id = `f${String(started++).padStart(4, "0")}`;
      const kind = KINDS[Math.floor(flowRandom() * KINDS.length)]!;
      const record = await runFlow(ctx, kind, id);
      flows.push(record);
      if (!record.isCompleted) console.log(`  flow ${id} (${kind}) incomplete: ${record.failure}`);
    }
  };
  await Promise.all([faulting, ...Array.from({ length: options.concurrency }, worker)]);
  const drivenMs = now();
  console.log(`Drove ${flows.length} flows through ${faults.length} faults in ${(drivenMs / 1_000).toFixed(0)} s; waiting for quiet...`);

  // Quiet: every effect as expected and no work left, or nothing changed for QUIET_MS.
  const countEffects = async (): Promise<EffectCount[]> =>
    Promise.all(probes.map(async (probe) => ({ flowId: probe.flowId, effect: probe.effect, expected: probe.expected(), found: await probe.count() })));
  const stuckWork = async () => {
    const outboxes = [];
    for (const service of SERVICES) {
      for (const status of await outboxStatus(stack.db(service))) if (status.pending + status.failed > 0) outboxes.push({ service, ...status });
    }
    const jobs = await calendarQueue.getJobCounts("waiting", "active", "delayed", "prioritized", "waiting-children", "failed");
    return { outboxes, jobs, total: outboxes.reduce((sum, o) => sum + o.pending + o.failed, 0) + Object.values(jobs).reduce((sum, n) => sum + n, 0) };
  };
  let effects = await countEffects();
  let stuck = await stuckWork();
  let lastChangeMs = now();
  let signature = JSON.stringify([effects.map((e) => e.found), stuck]);
  while (now() - drivenMs < QUIET_CAP_MS) {
    if (!hasLossOrDuplicate(effects) && stuck.total === 0) break;
    if (now() - lastChangeMs > QUIET_MS) break;
    await sleep(2_000);
    effects = await countEffects();
    stuck = await stuckWork();
    const next = JSON.stringify([effects.map((e) => e.found), stuck]);
    if (next !== signature) {
      signature = next;
      lastChangeMs = now();
    }
  }
  console.log(`Quiet after ${((now() - drivenMs) / 1_000).toFixed(0)} s.\n`);
  isWatching = false;
  await watching;

  // The report.
  console.log(formatTable(tally(flows, effects, faults)));
  console.log("(a flow is counted in the row of every fault it lived through, from its start to 30 s after its end; \"none\": no fault)");
  const byKind = Map.groupBy(effects, (effect) => effect.effect);
  console.log("\nEffects:");
  for (const [effect, list] of byKind) {
    const lost = list.filter((e) => verdictOf(e) === "lost").length;
    const duplicated = list.filter((e) => verdictOf(e) === "duplicated").length;
    console.log(`  ${effect.padEnd(46)} ${String(list.length).padStart(4)} expected, ${lost} lost, ${duplicated} duplicated`);
  }
  for (const effect of effects.filter((e) => verdictOf(e) !== "ok")) {
    const flow = flows.find((f) => f.id === effect.flowId)!;
    console.log(`  ✘ ${effect.flowId} (${flow.kind}) ${effect.effect}: expected ${effect.expected}, found ${effect.found}; faults: ${faultsNear(flow, faults)}`);
  }
  const incomplete = flows.filter((flow) => !flow.isCompleted);
  console.log(`\nFlows: ${flows.length} (${flows.length - incomplete.length} completed, ${incomplete.length} incomplete)`);
  const failures = flows.flatMap((flow) => flow.failures.filter((failure) => !failure.isDirect));
  const direct = flows.flatMap((flow) => flow.failures.filter((failure) => failure.isDirect));
  const byStatus = Map.groupBy(failures, (f) => (f.isHang ? "hang" : f.status === null ? `no answer (${f.cause ?? "?"})` : `${f.status} ${f.code ?? "(not the JSON error shape)"}`));
  console.log(`Failed calls during faults: ${failures.length}${failures.length ? ` — ${[...byStatus].map(([key, list]) => `${key}: ${list.length}`).join(", ")}` : ""}`);
  if (direct.length > 0) {
    const byAnswer = Map.groupBy(direct, (f) => (f.status === null ? `no answer (${f.cause ?? "?"})` : `${f.status} ${f.code ?? ""}`.trim()));
    console.log(`Direct calls to services standing in for the BFF's own (not a person's requests): ${direct.length} failed — ${[...byAnswer].map(([key, list]) => `${key}: ${list.length}`).join(", ")}`);
  }
  // Where the calls without an answer were (a step, and what the network said), to trace them.
  const unanswered = Map.groupBy(failures.filter((f) => f.status === null && !f.isHang), (f) => `${f.step}: ${f.cause ?? "?"}`);
  for (const [where, list] of unanswered) console.log(`  no answer at ${where}: ${list.length}`);
  const signIns = flows.reduce((sum, flow) => sum + (flow.signIns ?? 0), 0);
  if (signIns > 0) console.log(`Signed out mid-flow (session gone, signed in again): ${signIns} time(s) in ${flows.filter((flow) => flow.signIns).length} flow(s)`);
  console.log(`Stuck after quiet: ${stuck.total === 0 ? "nothing" : ""}`);
  for (const o of stuck.outboxes) console.log(`  outbox ${o.service}.${o.collection}: ${o.pending} pending, ${o.failed} failed`);
  for (const [state, n] of Object.entries(stuck.jobs)) if (n > 0) console.log(`  calendar-sync jobs ${state}: ${n}`);
  const ms = healthz.map((h) => h.ms);
  if (ms.length > 0) {
    const over = healthz.filter((h) => h.ms > HEALTHZ_TARGET_MS).length;
    console.log(`\nKilled service → /healthz after its restart: p50 ${(percentile(ms, 0.5)! / 1_000).toFixed(1)} s, p90 ${(percentile(ms, 0.9)! / 1_000).toFixed(1)} s, max ${(Math.max(...ms) / 1_000).toFixed(1)} s over ${ms.length} restarts; ${over} over the ${HEALTHZ_TARGET_MS / 1_000} s target`);
    for (const [name, list] of Map.groupBy(healthz, (h) => h.process)) console.log(`  ${name.padEnd(14)} ${list.map((h) => (h.ms / 1_000).toFixed(1)).join(" ")}`);
  }
  // Unready with all infrastructure up: longer than a restart takes is a process that does not recover.
  const stillUnready = [...unready].filter(([, state]) => state.sinceMs !== null);
  console.log(`\nLongest unready stretch with all infrastructure up: ${[...unready].map(([service, state]) => `${service} ${(state.longestMs / 1_000).toFixed(0)} s`).join(", ")}`);
  for (const [service, state] of stillUnready) console.log(`  ✘ ${service} still unready after quiet: ${state.detail}`);
  const isFailed = hasLossOrDuplicate(effects) || stuck.total > 0 || stillUnready.length > 0;
  console.log(`\n${isFailed ? "FAILED: something was lost, duplicated or left stuck (or a service unready)" : "OK: nothing lost, duplicated or stuck"} (seed ${options.seed})`);
  exitCode = isFailed ? 1 : 0;
  await calendarQueue.close();
  queueRedis.disconnect();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stack.close().catch((error: unknown) => console.error("closing the stack:", error));
  if (!args["keep-infra"]) await infra.down().catch((error: unknown) => console.error("stopping the private infrastructure:", error));
}
process.exit(exitCode);

function faultsNear(flow: FlowRecord, faults: readonly FaultWindow[]): string {
  const near = faultsDuring(flow, faults);
  return near.length === 0 ? "none" : near.map((fault) => `${fault.kind} at ${(fault.startMs / 1_000).toFixed(0)} s`).join(", ");
}
