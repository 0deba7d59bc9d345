import { describe, expect, it } from "vitest";
import { CALENDAR_SYNC_FAILURE_REASONS, MAX_NOTIFICATION_TITLE_LENGTH, ZDomainEventSchema } from "@amia/contracts";
import * as source from "../testing/source-events.ts";
import { MAX_QUOTED_LENGTH, notificationsFor, syncFailureHint, truncate } from "./notification-text.ts";

describe("notification text: relationship requests", () => {
  it("tells the requested user who wants to connect", () => {
    const event = source.relationshipRequestCreated({ requester_full_name: "Ana Silva" });

    expect(notificationsFor(event)).toEqual([
      { user_id: event.data.requested_user_id, kind: "relationship_request_received", subject_id: event.data.request_id, title: "Ana Silva wants to connect" },
    ]);
  });

  it("tells nobody yet when the requested email has no account", () => {
    expect(notificationsFor(source.relationshipRequestCreated({ requested_user_id: null }))).toEqual([]);
  });

  it("tells the newly signed-up user of a request that waited for them", () => {
    const event = source.relationshipRequestDelivered({ requester_full_name: null, requester_email: "ana@example.com" });

    expect(notificationsFor(event)).toEqual([
      { user_id: event.data.requested_user_id, kind: "relationship_request_received", subject_id: event.data.request_id, title: "ana@example.com wants to connect" },
    ]);
  });

  it("tells the requester of an acceptance and of a decline, naming the other person", () => {
    const accepted = source.relationshipRequestAccepted({ requested_full_name: "Bruno Costa" });
    const rejected = source.relationshipRequestRejected({ requested_full_name: "  ", requested_email: "carla@example.com" });

    expect(notificationsFor(accepted)).toEqual([
      { user_id: accepted.data.requester_id, kind: "relationship_request_accepted", subject_id: accepted.data.request_id, title: "Bruno Costa accepted your request" },
    ]);
    expect(notificationsFor(rejected)).toEqual([
      { user_id: rejected.data.requester_id, kind: "relationship_request_rejected", subject_id: rejected.data.request_id, title: "carla@example.com declined your request" },
    ]);
  });
});

describe("notification text: event requests", () => {
  it("asks each reviewer once to review, never the creator", () => {
    const event = source.eventRequestCreated({ creator_full_name: "Ana Silva", title: "Team lunch" });
    const [first, second] = ["reviewer-1", "reviewer-2"];
    event.data.approvers = [
      { user_id: first!, required: true },
      { user_id: second!, required: false },
      { user_id: first!, required: false },
      { user_id: event.data.created_by, required: true },
    ];

    const drafts = notificationsFor(event);

    expect(drafts.map((draft) => draft.user_id)).toEqual([first, second]);
    for (const draft of drafts) {
      expect(draft).toMatchObject({ kind: "event_request_review_requested", subject_id: event.data.event_request_id, title: "Ana Silva asks you to review “Team lunch”" });
    }
  });

  it("says 'Someone' and 'Untitled Event' when the name or title is missing", () => {
    expect(notificationsFor(source.eventRequestCreated({ creator_full_name: null, title: null }))[0]!.title).toBe("Someone asks you to review “Untitled Event”");
    expect(notificationsFor(source.eventRequestCreated({ creator_full_name: "", title: "   " }))[0]!.title).toBe("Someone asks you to review “Untitled Event”");
  });

  it("tells the creator what a reviewer decided", () => {
    const approved = source.eventRequestReviewRecorded({ reviewer_full_name: "Bruno Costa", status: "approved", title: "Team lunch" });
    const declined = source.eventRequestReviewRecorded({ reviewer_full_name: null, status: "rejected", title: "Team lunch" });

    expect(notificationsFor(approved)).toEqual([
      { user_id: approved.data.created_by, kind: "event_request_review_recorded", subject_id: approved.data.event_request_id, title: "Bruno Costa approved “Team lunch”" },
    ]);
    expect(notificationsFor(declined)[0]!.title).toBe("A reviewer declined “Team lunch”");
  });

  it("tells the creator the outcome", () => {
    const approved = source.eventRequestApproved({ title: "Team lunch" });
    const rejected = source.eventRequestRejected({ title: null });

    expect(notificationsFor(approved)).toEqual([
      { user_id: approved.data.created_by, kind: "event_request_approved", subject_id: approved.data.event_request_id, title: "“Team lunch” was approved" },
    ]);
    expect(notificationsFor(rejected)).toEqual([
      { user_id: rejected.data.created_by, kind: "event_request_rejected", subject_id: rejected.data.event_request_id, title: "“Untitled Event” was rejected" },
    ]);
  });

  it("cuts a long title or name, and keeps a title on one line", () => {
    const long = "A".repeat(150);
    const title = notificationsFor(source.eventRequestCreated({ creator_full_name: "B".repeat(150), title: long }))[0]!.title;

    expect(title).toBe(`${"B".repeat(MAX_QUOTED_LENGTH - 1)}… asks you to review “${"A".repeat(MAX_QUOTED_LENGTH - 1)}…”`);
    expect(title.length).toBeLessThanOrEqual(MAX_NOTIFICATION_TITLE_LENGTH);
    expect(notificationsFor(source.eventRequestApproved({ title: "Team\n  lunch " }))[0]!.title).toBe("“Team lunch” was approved");
  });
});

describe("notification text: calendar", () => {
  it("tells the user their calendar was not updated, and what to do about it", () => {
    const event = source.calendarSyncFailed({ reason: "reconnect_required" });

    expect(notificationsFor(event)).toEqual([
      { user_id: event.data.user_id, kind: "calendar_sync_failed", subject_id: event.data.event_request_id, title: "We couldn't update your Google Calendar — please sign in again" },
    ]);
  });

  it("has a hint for every failure reason", () => {
    const hints = CALENDAR_SYNC_FAILURE_REASONS.map(syncFailureHint);
    expect(new Set(hints).size).toBe(CALENDAR_SYNC_FAILURE_REASONS.length);
    for (const hint of hints) expect(hint.length).toBeGreaterThan(0);
  });
});

describe("truncate", () => {
  it("leaves short text alone and never splits a character made of two code units", () => {
    expect(truncate("Ana", 3)).toBe("Ana");
    expect(truncate("ab😀cd", 4)).toBe("ab😀…");
    expect(truncate("ab  cdef", 5)).toBe("ab…");
  });
});

describe("test fixtures", () => {
  it("are valid events by the contracts, as the consumer will check", () => {
    for (const make of Object.values(source)) expect(ZDomainEventSchema.safeParse(make()).success).toBe(true);
  });
});

describe("notification text: AI credits", () => {
  it("tells the user at 80% of the month's credits", () => {
    const event = source.aiCreditsThresholdReached({ threshold: 80 });

    expect(notificationsFor(event)).toEqual([
      { user_id: event.data.user_id, kind: "ai_credits_threshold_reached", subject_id: null, title: "You have used 80% of your AI credits this month" },
    ]);
  });

  it("tells the user at 100% until when the assistant works offline: the day the credits renew, in UTC", () => {
    const event = source.aiCreditsThresholdReached({ threshold: 100, credits_used: 10.4, period: "2026-12", period_end: "2027-01-01T00:00:00.000Z" });

    expect(notificationsFor(event).map((draft) => draft.title)).toEqual([
      "You have used all your AI credits this month; the assistant works offline until January 1",
    ]);
  });
});
