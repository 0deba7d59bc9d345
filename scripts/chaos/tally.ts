/**
 * The fault suite's bookkeeping, as pure functions (npm run chaos; scripts/chaos/run.ts): which
 * faults a flow lived through, what each flow's effects should be and were, and the table per
 * fault kind. No I/O here, so the counting itself is unit-tested (tally.test.ts).
 */

/** A fault the suite caused: a SIGKILLed process, or a restarted piece of infrastructure. */
export type FaultKind = `kill ${string}` | "restart kafka" | "restart db" | "restart redis";

export interface FaultWindow {
  kind: FaultKind;
  /** ms on the run's clock: the kill, or the stop of the piece. */
  startMs: number;
  /** ms on the run's clock: the process answered /healthz again, or the piece was up again. */
  endMs: number;
  /** What the table shows as recovery: restart to /healthz (a kill), start to answering (a restart); else endMs - startMs. */
  recoveryMs?: number;
}

export type FlowKind = "relationship" | "event-request" | "chat";

/** What the client saw of one failed HTTP call. */
export interface CallFailure {
  step: string;
  /** The HTTP status, or null when no answer came (network error, or our timeout: a hang). */
  status: number | null;
  /** The body's `code` when the body was the JSON error shape; null otherwise (an unclear answer). */
  code: string | null;
  /** No answer within the client's timeout. */
  isHang: boolean;
  /** No answer: what the network said instead (undici's cause code, such as UND_ERR_SOCKET). */
  cause?: string;
  /**
   * A call the suite makes straight to a service, standing in for the BFF's own (the Google tokens
   * the BFF stores at sign-in), not a person's request through the BFF: reported apart, never as a
   * clear or unclear answer to a user.
   */
  isDirect?: boolean;
}

export interface FlowRecord {
  id: string;
  kind: FlowKind;
  startMs: number;
  endMs: number;
  /** Every step answered as the SPA would wait for (after retries). */
  isCompleted: boolean;
  /** Why not, when not. */
  failure?: string;
  failures: CallFailure[];
  /** Times the flow found its users signed out (401) and signed them in again. */
  signIns?: number;
}

/** One effect of one flow: how many there should be and how many were found. */
export interface EffectCount {
  flowId: string;
  /** e.g. "relationship", "notification relationship_request_accepted", "google event", "usage record". */
  effect: string;
  expected: number;
  found: number;
}

/**
 * Effects may land after a flow's last answer (a notification, a Google event): a fault this long
 * after the flow still counts as one it lived through.
 */
export const ASYNC_TAIL_MS = 30_000;

/** The faults whose windows overlap the flow's life (its start to its end plus the async tail). */
export function faultsDuring(flow: Pick<FlowRecord, "startMs" | "endMs">, faults: readonly FaultWindow[], tailMs = ASYNC_TAIL_MS): FaultWindow[] {
  return faults.filter((fault) => fault.startMs <= flow.endMs + tailMs && fault.endMs >= flow.startMs);
}

/** The kinds of those faults, each once. */
export function faultsOf(flow: Pick<FlowRecord, "startMs" | "endMs">, faults: readonly FaultWindow[], tailMs = ASYNC_TAIL_MS): FaultKind[] {
  return [...new Set(faultsDuring(flow, faults, tailMs).map((fault) => fault.kind))].sort();
}

export type EffectVerdict = "ok" | "lost" | "duplicated";

export function verdictOf(effect: Pick<EffectCount, "expected" | "found">): EffectVerdict {
  if (effect.found < effect.expected) return "lost";
  if (effect.found > effect.expected) return "duplicated";
  return "ok";
}

/** A failed call is clear when an answer came with the JSON error shape (a code); else unclear or a hang. */
export function isUnclear(failure: CallFailure): boolean {
  return failure.isHang || failure.status === null || failure.code === null;
}

export interface FaultRow {
  kind: FaultKind | "none";
  /** Faults of this kind caused. */
  injected: number;
  /** Flows that lived through at least one fault of this kind (a flow can be in several rows). */
  flows: number;
  incomplete: number;
  lost: number;
  duplicated: number;
  /** Failed calls answered with the JSON error shape. */
  clearErrors: number;
  /** Failed calls with no answer, a hang, or an answer that is not the JSON error shape. */
  unclearErrors: number;
  /** ms from the restart to /healthz answering (kills) or to the piece answering again (restarts). */
  recoveryMs: number[];
}

/**
 * The table: one row per fault kind caused (and "none" for flows that met no fault), counting
 * each flow's lost and duplicated effects in every row of a fault it lived through.
 */
export function tally(flows: readonly FlowRecord[], effects: readonly EffectCount[], faults: readonly FaultWindow[]): FaultRow[] {
  const rows = new Map<FaultKind | "none", FaultRow>();
  const rowOf = (kind: FaultKind | "none") => {
    let row = rows.get(kind);
    if (!row) {
      row = { kind, injected: 0, flows: 0, incomplete: 0, lost: 0, duplicated: 0, clearErrors: 0, unclearErrors: 0, recoveryMs: [] };
      rows.set(kind, row);
    }
    return row;
  };
  for (const fault of faults) {
    const row = rowOf(fault.kind);
    row.injected++;
    row.recoveryMs.push(fault.recoveryMs ?? fault.endMs - fault.startMs);
  }
  const effectsByFlow = Map.groupBy(effects, (effect) => effect.flowId);
  for (const flow of flows) {
    const kinds = faultsOf(flow, faults);
    const verdicts = (effectsByFlow.get(flow.id) ?? []).map(verdictOf);
    const failures = flow.failures.filter((failure) => !failure.isDirect);
    const unclear = failures.filter(isUnclear).length;
    for (const kind of kinds.length > 0 ? kinds : (["none"] as const)) {
      const row = rowOf(kind);
      row.flows++;
      if (!flow.isCompleted) row.incomplete++;
      row.lost += verdicts.filter((verdict) => verdict === "lost").length;
      row.duplicated += verdicts.filter((verdict) => verdict === "duplicated").length;
      row.unclearErrors += unclear;
      row.clearErrors += failures.length - unclear;
    }
  }
  return [...rows.values()].sort((a, b) => (a.kind === "none" ? -1 : b.kind === "none" ? 1 : a.kind.localeCompare(b.kind)));
}

/** Whether the run failed: anything lost or duplicated (the suite's exit code). */
export function hasLossOrDuplicate(effects: readonly EffectCount[]): boolean {
  return effects.some((effect) => verdictOf(effect) !== "ok");
}

export function percentile(samples: readonly number[], q: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The table as text, one line per row, columns padded. */
export function formatTable(rows: readonly FaultRow[]): string {
  const header = ["fault", "caused", "flows", "incomplete", "lost", "dup", "clear err", "unclear err", "recovery p50", "recovery max"];
  const seconds = (ms: number | null) => (ms === null ? "-" : `${(ms / 1_000).toFixed(1)} s`);
  const lines = rows.map((row) => [
    row.kind,
    String(row.injected),
    String(row.flows),
    String(row.incomplete),
    String(row.lost),
    String(row.duplicated),
    String(row.clearErrors),
    String(row.unclearErrors),
    seconds(percentile(row.recoveryMs, 0.5)),
    seconds(percentile(row.recoveryMs, 1)),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [format(header), ...lines.map(format)].join("\n");
}

/** A small seeded generator (mulberry32): the same --seed gives the same schedule of faults and flows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The schedule of faults: `kills` kills spread over the services at random, and `infraRestarts`
 * restarts of each piece, shuffled together. Deterministic for one seed.
 */
export function faultPlan(random: () => number, options: { kills: number; infraRestarts: number; processes: readonly string[] }): FaultKind[] {
  const plan: FaultKind[] = [];
  for (let i = 0; i < options.kills; i++) plan.push(`kill ${options.processes[Math.floor(random() * options.processes.length)]!}`);
  for (let i = 0; i < options.infraRestarts; i++) plan.push("restart kafka", "restart db", "restart redis");
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  return plan;
}
