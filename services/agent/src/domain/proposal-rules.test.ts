import { describe, expect, it } from "vitest";
import type { TProposal } from "@amia/contracts";
import { confirmRefusal, durationMinutes, nextStepFor, reviewersForConfirm, statusAt, undoRefusal } from "./proposal-rules.ts";

const TZ = "Europe/Lisbon";
const bruno = { user_id: "u-bruno", full_name: "Bruno Costa", email: "bruno@example.com", required: true };
const brunoM = { user_id: "u-bruno-m", full_name: "Bruno Martins", email: "bm@example.com" };
const NOW = Date.parse("2026-11-23T10:00:00Z");

function proposal(overrides: Partial<TProposal> = {}): TProposal {
  return {
    id: "p1",
    kind: "create",
    status: "open",
    summary: "Lunch with Bruno",
    event: {
      title: "Lunch with Bruno",
      description: null,
      location: "Joe's",
      notes: null,
      start_date: { date_time: "2026-11-27T13:00", time_zone: TZ },
      end_date: { date_time: "2026-11-27T14:00", time_zone: TZ },
      duration_minutes: 60,
      duration_source: "default",
      reviewers: [bruno],
    },
    event_request_id: null,
    changes: [],
    before: null,
    next_step: "sent_for_review",
    questions: [],
    created_at: "2026-11-23T10:00:00Z",
    expires_at: "2026-11-23T10:30:00Z",
    confirmed_at: null,
    undo_until: null,
    ...overrides,
  };
}

describe("proposal rules", () => {
  it("says what Confirm leads to", () => {
    expect(nextStepFor("create", [{ required: true }])).toBe("sent_for_review");
    expect(nextStepFor("create", [{ required: false }])).toBe("added_to_calendar");
    expect(nextStepFor("create", [])).toBe("added_to_calendar");
    expect(nextStepFor("update", [])).toBe("updated");
    expect(nextStepFor("cancel", [{ required: true }])).toBe("cancelled");
  });

  it("measures a timed event's duration, across a DST change too", () => {
    expect(durationMinutes({ date_time: "2026-03-29T00:30", time_zone: TZ }, { date_time: "2026-03-29T02:30", time_zone: TZ })).toBe(60);
    expect(durationMinutes({ date: "2026-03-29", time_zone: TZ }, { date: "2026-03-30", time_zone: TZ })).toBeNull();
  });

  it("lets an open proposal be confirmed until it expires, and only once", () => {
    expect(confirmRefusal(proposal(), NOW)).toBeNull();
    expect(statusAt(proposal(), Date.parse("2026-11-23T10:30:00Z"))).toBe("expired");
    expect(confirmRefusal(proposal(), Date.parse("2026-11-23T10:30:00Z"))?.message).toMatch(/expired/);
    expect(confirmRefusal(proposal({ status: "confirmed" }), NOW)?.message).toMatch(/already confirmed/);
    expect(confirmRefusal(proposal({ status: "dismissed" }), NOW)?.message).toMatch(/cancelled/);
  });

  it("offers undo only for a confirmed proposal inside its window", () => {
    const confirmed = proposal({ status: "confirmed", undo_until: "2026-11-23T10:10:00Z" });
    expect(undoRefusal(confirmed, NOW)).toBeNull();
    expect(undoRefusal(confirmed, Date.parse("2026-11-23T10:10:00Z"))?.message).toMatch(/too late/);
    expect(undoRefusal(proposal(), NOW)?.message).toMatch(/Only a confirmed/);
    expect(undoRefusal({ ...confirmed, status: "undone" }, NOW)?.message).toMatch(/already undone/);
  });

  it("lets Confirm switch, drop or pick offered reviewers, never add strangers", () => {
    const asked = proposal({ questions: [{ kind: "ambiguous_person", name: "Bruno", candidates: [brunoM] }] });
    expect(reviewersForConfirm(asked, {})).toEqual([bruno]);
    expect(reviewersForConfirm(asked, { reviewers: [{ user_id: "u-bruno", required: false }] })).toEqual([{ ...bruno, required: false }]);
    expect(reviewersForConfirm(asked, { reviewers: [] })).toEqual([]);
    expect(reviewersForConfirm(asked, { reviewers: [{ user_id: "u-bruno-m", required: true }] })).toEqual([{ ...brunoM, required: true }]);
    expect(reviewersForConfirm(asked, { reviewers: [{ user_id: "u-mallory", required: true }] })).toMatchObject({ code: "validation_failed", field: "reviewers.0.user_id" });
  });
});
