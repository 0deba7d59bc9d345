import { describe, expect, it } from "vitest";
import type { TApprover, TEventRequestStatus } from "@amia/contracts";
import { anApprover, anEventRequest } from "../testing/fixtures.ts";
import {
  approvalProgress,
  approverAnswer,
  approverName,
  calendarNote,
  approvalStatusLabel,
  approvalStatusTone,
  approverRequiredLabel,
  approverStatusLabel,
  approverStatusTone,
  googleInvitationLabel,
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

describe("googleInvitationLabel", () => {
  it("words each answer to the Google invitation, and nothing when there was none", () => {
    expect(googleInvitationLabel("accepted")).toBe("Accepted in Google Calendar");
    expect(googleInvitationLabel("declined")).toBe("Declined in Google Calendar");
    expect(googleInvitationLabel("tentative")).toBe("Maybe, in Google Calendar");
    expect(googleInvitationLabel("needsAction")).toBe("Invited in Google Calendar, no answer yet");
    expect(googleInvitationLabel(null)).toBeNull();
    expect(googleInvitationLabel(undefined)).toBeNull();
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

const required = (status: TApprover["status"], id = "r"): TApprover => anApprover({ id, user_id: `u-${id}`, required: true, status });
const optional = (status: TApprover["status"], id = "o"): TApprover => anApprover({ id, user_id: `u-${id}`, required: false, status });
const progress = (status: TEventRequestStatus, approvers: TApprover[]) => approvalProgress({ status, approvers });

describe("approvalProgress: required reviewers gate, optional ones advise", () => {
  it("required only × pending / approved / rejected", () => {
    expect(progress("pending", [required("pending")])).toEqual({ label: "0 of 1 required approvals", percent: 0 });
    expect(progress("pending", [required("approved", "a"), required("pending", "b")])).toEqual({ label: "1 of 2 required approvals", percent: 50 });
    expect(progress("approved", [required("approved")])).toEqual({ label: "1 of 1 required approvals", percent: 100 });
    expect(progress("rejected", [required("rejected")])).toEqual({ label: "Rejected by a required reviewer", percent: null });
    expect(progress("rejected", [required("rejected", "a"), required("rejected", "b")]).label).toBe("Rejected by 2 required reviewers");
  });

  it("required and optional × pending / approved / rejected: optional answers counted apart", () => {
    expect(progress("pending", [required("pending"), optional("rejected")])).toEqual({
      label: "0 of 1 required approvals · optional: 1 of 1 answered",
      percent: 0,
    });
    expect(progress("approved", [required("approved"), optional("pending")])).toEqual({
      label: "1 of 1 required approvals · optional: 0 of 1 answered",
      percent: 100,
    });
    expect(progress("rejected", [required("rejected"), optional("approved")]).label).toBe("Rejected by a required reviewer · optional: 1 of 1 answered");
  });

  it("optional only: approved at once, and an optional rejection never reads as the request's", () => {
    expect(progress("approved", [optional("pending")])).toEqual({ label: "Approved — no required reviewers · optional: 0 of 1 answered", percent: 100 });
    expect(progress("approved", [optional("rejected")])).toEqual({ label: "Approved — no required reviewers · optional: 1 of 1 answered", percent: 100 });
    expect(progress("pending", [optional("pending")])).toEqual({ label: "No required reviewers left · optional: 0 of 1 answered", percent: 0 });
  });

  it("nobody to ask", () => {
    expect(progress("approved", [])).toEqual({ label: "No reviewers", percent: null });
    expect(progress("pending", [])).toEqual({ label: "No reviewers left", percent: null });
  });

  it("after a material change the required reviewer is asked again: back to pending, counted again", () => {
    expect(progress("pending", [required("pending"), optional("pending")]).label).toBe("0 of 1 required approvals · optional: 0 of 1 answered");
  });
});

describe("approverAnswer: each reviewer's own answer", () => {
  it("a required reviewer's answer uses the request's words and tones", () => {
    expect(approverAnswer(required("pending"), "pending")).toEqual({ label: "Pending", tone: "secondary" });
    expect(approverAnswer(required("approved"), "approved")).toEqual({ label: "Approved", tone: "primary" });
    expect(approverAnswer(required("rejected"), "rejected")).toEqual({ label: "Rejected", tone: "danger" });
    expect(approverAnswer(required("pending"), "rejected")).toEqual({ label: "No answer", tone: "neutral" });
  });

  it("an optional reviewer's answer says so, and a rejection is not painted as the request's", () => {
    expect(approverAnswer(optional("rejected"), "approved")).toEqual({ label: "Rejected · optional", tone: "warning" });
    expect(approverAnswer(optional("approved"), "approved")).toEqual({ label: "Approved · optional", tone: "primary" });
    expect(approverAnswer(optional("pending"), "pending")).toEqual({ label: "Pending · optional", tone: "neutral" });
    expect(approverAnswer(optional("pending"), "approved")).toEqual({ label: "No answer · optional", tone: "neutral" });
  });
});

describe("approverName", () => {
  it("the events service's name, the viewer's own marked; without one a plain fallback, never 'Unknown reviewer'", () => {
    expect(approverName(anApprover({ full_name: "Ana Silva" }), "u1")).toBe("Ana Silva");
    expect(approverName(anApprover({ full_name: "Ana Silva", user_id: "u1" }), "u1")).toBe("Ana Silva (you)");
    expect(approverName(anApprover({ full_name: null, user_id: "u1" }), "u1")).toBe("You");
    expect(approverName(anApprover({ full_name: "  " }), "u1")).toBe("Reviewer");
    expect(approverName(anApprover({ full_name: undefined }), null, { index: 1, count: 3 })).toBe("Reviewer 2");
  });
});

describe("calendarNote: whose calendar", () => {
  const synced = anEventRequest({ status: "approved", google_event_id: "g1", created_by: "u1", created_by_full_name: "Ana Silva" });

  it("the creator reads Added to Google Calendar; a reviewer reads the organizer's calendar", () => {
    expect(calendarNote(synced, "u1")).toBe("Added to Google Calendar");
    expect(calendarNote(synced, "u2")).toBe("On Ana Silva's calendar");
    expect(calendarNote({ ...synced, created_by_full_name: null }, "u2")).toBe("On the organizer's calendar");
    expect(calendarNote({ ...synced, created_by_full_name: undefined }, "u2")).toBe("On the organizer's calendar");
  });

  it("says nothing without a Google event or for a rejected request; a re-opened one is told plainly", () => {
    expect(calendarNote({ ...synced, google_event_id: null }, "u1")).toBeNull();
    expect(calendarNote({ ...synced, status: "rejected" }, "u1")).toBeNull();
    expect(calendarNote({ ...synced, status: "pending" }, "u2")).toBeNull();
    expect(calendarNote({ ...synced, status: "pending" }, "u1")).toBe("On your Google Calendar · waiting for your reviewers to approve the change");
  });
});
