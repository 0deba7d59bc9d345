import { describe, expect, it } from "vitest";
import {
  approvalStatusLabel,
  approvalStatusTone,
  approverRequiredLabel,
  approverStatusLabel,
  approverStatusTone,
  isHighImportance,
  statusLabel,
  statusTone,
} from "./event-status.ts";

describe("event request status", () => {
  it("labels and tones", () => {
    expect([statusLabel("pending"), statusLabel("approved"), statusLabel("rejected")]).toEqual([
      "Pending",
      "Approved",
      "Rejected",
    ]);
    expect([statusTone("pending"), statusTone("approved"), statusTone("rejected")]).toEqual([
      "secondary",
      "primary",
      "danger",
    ]);
  });
  it("approval_status adds No Reviewers", () => {
    expect(approvalStatusLabel("no_approvals")).toBe("No Reviewers");
    expect(approvalStatusLabel("approved")).toBe("Approved");
    expect(approvalStatusTone("rejected")).toBe("danger");
    expect(approvalStatusTone("no_approvals")).toBe("neutral");
  });
  it("approvers", () => {
    expect(approverStatusLabel("pending")).toBe("Pending");
    expect(approverStatusTone("approved")).toBe("primary");
    expect(approverRequiredLabel(true)).toBe("Required");
    expect(approverRequiredLabel(false)).toBe("Optional");
  });
});

describe("isHighImportance", () => {
  it("is 4 or more", () => {
    expect(isHighImportance(1)).toBe(false);
    expect(isHighImportance(3)).toBe(false);
    expect(isHighImportance(4)).toBe(true);
    expect(isHighImportance(5)).toBe(true);
    expect(isHighImportance(null)).toBe(false);
  });
});
