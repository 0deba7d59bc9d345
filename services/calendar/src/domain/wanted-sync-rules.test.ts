import { describe, expect, it } from "vitest";
import { requestHistory } from "../testing/request-history.ts";
import { syncJobFor } from "./sync-rules.ts";
import { decideWantedSync, type TQueuedJobState } from "./wanted-sync-rules.ts";

const job = syncJobFor(requestHistory("user-ana").approved());
/** Version 1 wanted, nothing finished yet. */
const wanted = { wanted_version: 1, synced_version: 0, failed_version: 0, job };

describe("what the reconciliation does with a wanted sync", () => {
  it("enqueues the job again when Redis no longer has it", () => {
    expect(decideWantedSync(wanted, "absent")).toBe("enqueue");
  });

  it.each<TQueuedJobState>(["waiting", "delayed", "active", "prioritized", "waiting-children"])("leaves a job that is %s: it records its own outcome", (state) => {
    expect(decideWantedSync(wanted, state)).toBe("leave");
  });

  it("runs a job again that completed without recording its sync, or whose id Redis holds in no list", () => {
    expect(decideWantedSync(wanted, "completed")).toBe("rerun");
    expect(decideWantedSync(wanted, "unknown")).toBe("rerun");
  });

  it("tells a failure Redis holds but nobody recorded", () => {
    expect(decideWantedSync(wanted, "failed")).toBe("tell_failed");
  });

  it("marks synced, whatever Redis says, once a job brought Google to the wanted version or later (a redelivery marked it again)", () => {
    expect(decideWantedSync({ ...wanted, synced_version: 1 }, "absent")).toBe("mark_synced");
    expect(decideWantedSync({ ...wanted, synced_version: 3 }, "failed")).toBe("mark_synced");
  });

  it("marks failed without telling again when the wanted version's failure was recorded", () => {
    expect(decideWantedSync({ ...wanted, failed_version: 1 }, "absent")).toBe("mark_failed");
  });

  it("a newer wanted version than the one synced or failed is still to do", () => {
    expect(decideWantedSync({ ...wanted, wanted_version: 2, synced_version: 1, failed_version: 1 }, "absent")).toBe("enqueue");
  });

  it("leaves an unreadable stored job to an operator rather than guessing one", () => {
    expect(decideWantedSync({ ...wanted, job: null }, "absent")).toBe("unreadable");
  });
});
