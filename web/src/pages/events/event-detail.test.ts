import { describe, expect, it } from "vitest";
import type { TApprover } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { anApprover, anEventRequest } from "../../testing/fixtures.ts";
import { createdLine, isNotFound, pendingApproverFor, reviewPrompt } from "./event-detail.ts";

/** A required reviewer with a name, as the page shows one. */
const approver = (overrides: Partial<TApprover> = {}): TApprover => anApprover({ full_name: "Ana Silva", ...overrides });

describe("event detail", () => {
  it("finds the signed-in user's own pending review", () => {
    const approvers = [approver({ id: "a1", user_id: "u2", status: "approved" }), approver({ id: "a2", user_id: "u3" })];
    expect(pendingApproverFor({ approvers }, "u3")?.id).toBe("a2");
    expect(pendingApproverFor({ approvers }, "u2")).toBeUndefined();
    expect(pendingApproverFor({ approvers }, "u9")).toBeUndefined();
    expect(pendingApproverFor({ approvers }, null)).toBeUndefined();
  });

  it("tells a reviewer who asks and whether their answer decides", () => {
    const request = anEventRequest({ created_by_full_name: "Ana Silva" });
    expect(reviewPrompt(request, { required: true }).lead).toBe(
      "Ana Silva needs your answer: as a required reviewer, your approval is needed before the event is created.",
    );
    expect(reviewPrompt(request, { required: false }).lead).toBe(
      "Ana Silva asked for your opinion. You are an optional reviewer: your answer is shown, but it does not decide the request.",
    );
    expect(reviewPrompt({ ...request, created_by_full_name: null }, { required: true }).lead).toMatch(/^The organizer needs your answer/);
  });

  it("after an edit, says why a reviewer may be asked again (a material change resets answers)", () => {
    const fresh = anEventRequest();
    expect(reviewPrompt(fresh, { required: true }).again).toBeNull();
    const edited = anEventRequest({ updated_at: "2026-03-02T09:00:00Z" });
    expect(reviewPrompt(edited, { required: true }).again).toBe(
      "If you answered before: the date, time, place or how it repeats changed since, so it needs your answer again.",
    );
  });

  it("says who created a request to anyone but its creator", () => {
    expect(createdLine("Mar 1, 2026", { created_by_full_name: "Ana Silva" }, true)).toBe("Created Mar 1, 2026");
    expect(createdLine("Mar 1, 2026", { created_by_full_name: "Ana Silva" }, false)).toBe("Created Mar 1, 2026 by Ana Silva");
    expect(createdLine("Mar 1, 2026", { created_by_full_name: null }, false)).toBe("Created Mar 1, 2026 by the organizer");
  });

  it("recognises a 404", () => {
    expect(isNotFound(new ApiError(404, "Not found"))).toBe(true);
    expect(isNotFound(new ApiError(500, "Boom"))).toBe(false);
    expect(isNotFound(new Error("Not found"))).toBe(false);
  });
});
