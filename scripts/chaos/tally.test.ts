import { describe, expect, it } from "vitest";
import { faultPlan, faultsOf, formatTable, hasLossOrDuplicate, seededRandom, tally, verdictOf, type EffectCount, type FaultWindow, type FlowRecord } from "./tally.ts";

const flow = (id: string, startMs: number, endMs: number, extra: Partial<FlowRecord> = {}): FlowRecord => ({ id, kind: "relationship", startMs, endMs, isCompleted: true, failures: [], ...extra });
const effect = (flowId: string, expected: number, found: number, name = "relationship"): EffectCount => ({ flowId, effect: name, expected, found });

describe("the fault suite's counting", () => {
  it("calls an effect lost below its expected count and duplicated above it", () => {
    expect(verdictOf({ expected: 1, found: 0 })).toBe("lost");
    expect(verdictOf({ expected: 1, found: 2 })).toBe("duplicated");
    expect(verdictOf({ expected: 2, found: 2 })).toBe("ok");
    expect(hasLossOrDuplicate([effect("a", 1, 1), effect("b", 0, 0)])).toBe(false);
    expect(hasLossOrDuplicate([effect("a", 1, 1), effect("b", 1, 2)])).toBe(true);
  });

  it("counts a fault against a flow from the flow's start to 30 s after its end, not before", () => {
    const faults: FaultWindow[] = [
      { kind: "kill events", startMs: 0, endMs: 900 }, // over before the flow started
      { kind: "restart redis", startMs: 40_000, endMs: 50_000 }, // in the tail: effects still landing
      { kind: "kill calendar", startMs: 70_000, endMs: 71_000 }, // past the tail
    ];
    expect(faultsOf(flow("f", 1_000, 20_000), faults)).toEqual(["restart redis"]);
  });

  it("puts a flow in the row of every fault it lived through, and a flow that met none under none", () => {
    const faults: FaultWindow[] = [
      { kind: "kill events", startMs: 1_000, endMs: 3_000, recoveryMs: 1_500 },
      { kind: "restart db", startMs: 2_000, endMs: 20_000, recoveryMs: 4_000 },
      { kind: "kill events", startMs: 500_000, endMs: 502_000, recoveryMs: 2_500 },
    ];
    const flows = [
      flow("both", 0, 5_000, { failures: [{ step: "accept", status: 503, code: "upstream_unavailable", isHang: false }, { step: "accept", status: 500, code: null, isHang: false }] }),
      flow("calm", 100_000, 110_000, { isCompleted: false }),
    ];
    const rows = tally(flows, [effect("both", 1, 0), effect("both", 1, 2, "notification"), effect("calm", 1, 1)], faults);
    expect(rows.map((row) => row.kind)).toEqual(["none", "kill events", "restart db"]);
    const [none, kill, db] = rows;
    expect(none).toMatchObject({ injected: 0, flows: 1, incomplete: 1, lost: 0, duplicated: 0 });
    expect(kill).toMatchObject({ injected: 2, flows: 1, lost: 1, duplicated: 1, clearErrors: 1, unclearErrors: 1, recoveryMs: [1_500, 2_500] });
    expect(db).toMatchObject({ injected: 1, flows: 1, lost: 1, duplicated: 1, recoveryMs: [4_000] });
    expect(formatTable(rows).split("\n")).toHaveLength(4);
  });

  it("counts a hang and an answer without the JSON error shape as unclear", () => {
    const rows = tally([flow("f", 0, 1, { failures: [{ step: "s", status: null, code: null, isHang: true }, { step: "s", status: 502, code: null, isHang: false }] })], [], []);
    expect(rows[0]).toMatchObject({ kind: "none", clearErrors: 0, unclearErrors: 2 });
  });

  it("leaves the suite's own direct calls to services (standing in for the BFF's) out of the answers people got", () => {
    const failures = [
      { step: "store Google tokens", status: null, code: null, isHang: false, isDirect: true, cause: "ECONNREFUSED" },
      { step: "accept", status: 503, code: "upstream_unavailable", isHang: false },
    ];
    const rows = tally([flow("f", 0, 1, { failures })], [], []);
    expect(rows[0]).toMatchObject({ kind: "none", clearErrors: 1, unclearErrors: 0 });
  });

  it("plans the asked-for faults in an order that one seed repeats", () => {
    const plan = faultPlan(seededRandom(42), { kills: 10, infraRestarts: 2, processes: ["events", "calendar"] });
    expect(plan).toHaveLength(16);
    expect(plan.filter((kind) => kind.startsWith("kill ")).every((kind) => kind === "kill events" || kind === "kill calendar")).toBe(true);
    expect(["restart kafka", "restart db", "restart redis"].map((kind) => plan.filter((k) => k === kind).length)).toEqual([2, 2, 2]);
    expect(faultPlan(seededRandom(42), { kills: 10, infraRestarts: 2, processes: ["events", "calendar"] })).toEqual(plan);
    expect(faultPlan(seededRandom(43), { kills: 10, infraRestarts: 2, processes: ["events", "calendar"] })).not.toEqual(plan);
  });
});
