import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { cellText, isOperatorsOnly, jobRequestPath, syncJobStats, SYNC_JOB_STATES } from "./sync-jobs.ts";

describe("syncJobStats", () => {
  it("lists Waiting, Active, Delayed, Completed, Failed in that order", () => {
    const stats = syncJobStats({ failed: 5, completed: 4, delayed: 3, active: 2, waiting: 1 });
    expect(stats).toEqual([
      { key: "waiting", label: "Waiting", value: 1 },
      { key: "active", label: "Active", value: 2 },
      { key: "delayed", label: "Delayed", value: 3 },
      { key: "completed", label: "Completed", value: 4 },
      { key: "failed", label: "Failed", value: 5 },
    ]);
  });

  it("counts a missing or unreadable state as 0 and ignores states it does not show", () => {
    const stats = syncJobStats({ waiting: Number.NaN, paused: 9, "waiting-children": 2 });
    expect(stats.map((stat) => stat.value)).toEqual([0, 0, 0, 0, 0]);
    expect(stats).toHaveLength(SYNC_JOB_STATES.length);
  });

  it("gives five zeros before the counts are known", () => {
    expect(syncJobStats(undefined).map((stat) => `${stat.label} ${stat.value}`)).toEqual([
      "Waiting 0",
      "Active 0",
      "Delayed 0",
      "Completed 0",
      "Failed 0",
    ]);
  });
});

describe("isOperatorsOnly", () => {
  it("is true only for the API's 403", () => {
    expect(isOperatorsOnly(new ApiError(403, "Only operators may see the sync jobs", "forbidden"))).toBe(true);
    expect(isOperatorsOnly(new ApiError(500, "Internal error"))).toBe(false);
    expect(isOperatorsOnly(new ApiError(401, "Unauthorized"))).toBe(false);
    expect(isOperatorsOnly(new Error("403"))).toBe(false);
    expect(isOperatorsOnly({ status: 403 })).toBe(false);
    expect(isOperatorsOnly(null)).toBe(false);
  });
});

describe("jobRequestPath", () => {
  it("links to the event request when the job names one", () => {
    expect(jobRequestPath({ event_request_id: "abc123" })).toBe("/events/abc123");
    expect(jobRequestPath({ event_request_id: "a/b c" })).toBe("/events/a%2Fb%20c");
  });

  it("is null without a request id", () => {
    expect(jobRequestPath({ event_request_id: null })).toBeNull();
    expect(jobRequestPath({ event_request_id: "" })).toBeNull();
  });
});

describe("cellText", () => {
  it("shows an em dash for nothing", () => {
    expect(cellText(null)).toBe("—");
    expect(cellText(undefined)).toBe("—");
    expect(cellText("  ")).toBe("—");
    expect(cellText("create")).toBe("create");
  });
});
