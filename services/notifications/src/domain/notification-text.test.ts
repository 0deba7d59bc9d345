import { describe, expect, it } from "vitest";
import { createEvent } from "@amia/kit";
import { CALENDAR_SYNC_FAILURE_REASONS, MAX_NOTIFICATION_TITLE_LENGTH, ZDomainEventSchema } from "@amia/contracts";
import * as source from "../testing/source-events.ts";
import { MAX_QUOTED_LENGTH, notificationsFor, recipientsToLocate, syncFailureHint, truncate, type NotificationDraft } from "./notification-text.ts";

/** What a recipient sees of a draft (its meaning is tested apart, by what it merges). */
const seen = (drafts: NotificationDraft[]) => drafts.map(({ meaning: _meaning, ...rest }) => rest);
const titles = (drafts: NotificationDraft[]) => drafts.map((draft) => draft.title);

describe("notification text: relationship requests", () => {
  it("tells the requested user who wants to connect", () => {
    const event = source.relationshipRequestCreated({ requester_full_name: "Ana Silva" });

    expect(seen(notificationsFor(event))).toEqual([
      { user_id: event.data.requested_user_id, kind: "relationship_request_received", subject_id: event.data.request_id, title: "Ana Silva wants to connect" },
    ]);
  });

  it("tells nobody yet when the requested email has no account", () => {
    expect(notificationsFor(source.relationshipRequestCreated({ requested_user_id: null }))).toEqual([]);
  });

  it("tells the newly signed-up user of a request that waited for them, although their sign-in set it off", () => {
    const event = source.relationshipRequestDelivered({ requester_full_name: null, requester_email: "ana@example.com" });
    expect(event.actor_id).toBe(event.data.requested_user_id);

    expect(seen(notificationsFor(event))).toEqual([
      { user_id: event.data.requested_user_id, kind: "relationship_request_received", subject_id: event.data.request_id, title: "ana@example.com wants to connect" },
    ]);
  });

  it("says 'wants to connect' under one meaning whether it came when sent or when delivered", () => {
    const created = source.relationshipRequestCreated();
    const delivered = source.relationshipRequestDelivered({ request_id: created.data.request_id, requested_user_id: created.data.requested_user_id! });

    expect(notificationsFor(created)[0]!.meaning).toBe(notificationsFor(delivered)[0]!.meaning);
  });

  it("tells the requester of an acceptance and of a decline, naming the other person", () => {
    const accepted = source.relationshipRequestAccepted({ requested_full_name: "Bruno Costa" });
    const rejected = source.relationshipRequestRejected({ requested_full_name: "  ", requested_email: "carla@example.com" });

    expect(seen(notificationsFor(accepted))).toEqual([
      { user_id: accepted.data.requester_id, kind: "relationship_request_accepted", subject_id: accepted.data.request_id, title: "Bruno Costa accepted your request" },
    ]);
    expect(seen(notificationsFor(rejected))).toEqual([
      { user_id: rejected.data.requester_id, kind: "relationship_request_rejected", subject_id: rejected.data.request_id, title: "carla@example.com declined your request" },
    ]);
  });
});

describe("notification text: asking to review", () => {
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

  it("asks under one meaning per request, whichever event (or copy of it) says it", () => {
    const first = source.eventRequestCreated();
    const again = source.eventRequestCreated({ event_request_id: first.data.event_request_id, approvers: first.data.approvers });
    const other = source.eventRequestCreated({ approvers: first.data.approvers });

    expect(again.id).not.toBe(first.id);
    expect(notificationsFor(again)[0]!.meaning).toBe(notificationsFor(first)[0]!.meaning);
    expect(notificationsFor(other)[0]!.meaning).not.toBe(notificationsFor(first)[0]!.meaning);
  });

  it("falls back to 'Someone' and 'Untitled Event'", () => {
    expect(notificationsFor(source.eventRequestCreated({ creator_full_name: null, title: null }))[0]!.title).toBe("Someone asks you to review “Untitled Event”");
    expect(notificationsFor(source.eventRequestCreated({ creator_full_name: "", title: "   " }))[0]!.title).toBe("Someone asks you to review “Untitled Event”");
  });

  it("cuts a long title or name, and keeps a title on one line", () => {
    const long = "A".repeat(150);
    const title = notificationsFor(source.eventRequestCreated({ creator_full_name: "B".repeat(150), title: long }))[0]!.title;

    expect(title).toBe(`${"B".repeat(MAX_QUOTED_LENGTH - 1)}… asks you to review “${"A".repeat(MAX_QUOTED_LENGTH - 1)}…”`);
    expect(title.length).toBeLessThanOrEqual(MAX_NOTIFICATION_TITLE_LENGTH);
    expect(notificationsFor(source.eventRequestApproved({ title: "Team\n  lunch " }))[0]!.title).toBe("“Team lunch” was approved");
  });
});

describe("notification text: answers and outcomes", () => {
  it("tells the creator what a reviewer answered, saying when the review was optional", () => {
    const approved = source.eventRequestReviewRecorded({ reviewer_full_name: "Bruno Costa", status: "approved", title: "Team lunch" });
    const optionalNo = source.eventRequestReviewRecorded({ reviewer_full_name: "Carla Dias", status: "rejected", required: false, title: "Team lunch" });

    expect(seen(notificationsFor(approved))).toEqual([
      { user_id: approved.data.created_by, kind: "event_request_review_recorded", subject_id: approved.data.event_request_id, title: "Bruno Costa approved “Team lunch”" },
    ]);
    expect(seen(notificationsFor(optionalNo))).toEqual([
      { user_id: optionalNo.data.created_by, kind: "event_request_review_recorded", subject_id: optionalNo.data.event_request_id, title: "Carla Dias, an optional reviewer, declined “Team lunch”" },
    ]);
  });

  it("tells a rejection once: the required 'no' and the rejection it causes are one notification", () => {
    const review = source.eventRequestReviewRecorded({ reviewer_full_name: "Bruno Costa", status: "rejected", required: true, title: "Team lunch", request_version: 4 });
    const { event_request_id, created_by, reviewer_id } = review.data;
    const rejected = source.eventRequestRejected({ event_request_id, created_by, rejected_by: reviewer_id, rejected_by_full_name: "Bruno Costa", title: "Team lunch", request_version: 4 });

    const [fromReview] = notificationsFor(review);
    const [fromOutcome] = notificationsFor(rejected);

    expect(fromReview).toEqual(fromOutcome);
    expect(seen([fromReview!])).toEqual([{ user_id: created_by, kind: "event_request_rejected", subject_id: event_request_id, title: "Bruno Costa rejected “Team lunch”" }]);
  });

  it("tells the creator the request was approved, and again after a re-review", () => {
    const approved = source.eventRequestApproved({ title: "Team lunch", request_version: 3 });
    const again = source.eventRequestApproved({ ...approved.data, request_version: 7 });

    expect(seen(notificationsFor(approved))).toEqual([
      { user_id: approved.data.created_by, kind: "event_request_approved", subject_id: approved.data.event_request_id, title: "“Team lunch” was approved" },
    ]);
    expect(notificationsFor(again)[0]!.meaning).not.toBe(notificationsFor(approved)[0]!.meaning);
  });

  it("tells the creator of a rejection that follows an approval", () => {
    const rejected = source.eventRequestRejected({ title: null, rejected_by_full_name: null });

    expect(seen(notificationsFor(rejected))).toEqual([
      { user_id: rejected.data.created_by, kind: "event_request_rejected", subject_id: rejected.data.event_request_id, title: "A reviewer rejected “Untitled Event”" },
    ]);
  });
});

describe("notification text: nobody is told of their own doing", () => {
  it("does not tell the creator that a request nobody had to review was approved", () => {
    const created = source.eventRequestCreated({ approvers: [] });
    const approved = { ...source.eventRequestApproved({ event_request_id: created.data.event_request_id, created_by: created.data.created_by, reason: "no_required_reviewers" }), actor_id: created.data.created_by };

    expect(notificationsFor(created)).toEqual([]);
    expect(notificationsFor(approved)).toEqual([]);
  });

  it("does not tell the reviewer of their own answer, nor anyone who acted of what they did", () => {
    const reviewer = "someone-who-reviews-their-own";
    const answered = { ...source.eventRequestReviewRecorded({ created_by: reviewer, reviewer_id: reviewer }), actor_id: reviewer };
    const accepted = source.relationshipRequestAccepted();

    expect(notificationsFor(answered)).toEqual([]);
    expect(notificationsFor({ ...accepted, actor_id: accepted.data.requester_id })).toEqual([]);
  });

  it("still tells a user what the system noticed about their own use", () => {
    const credits = source.aiCreditsThresholdReached();
    expect(credits.actor_id).toBe(credits.data.user_id);

    expect(notificationsFor(credits)).toHaveLength(1);
  });
});

describe("notification text: changes to a request", () => {
  const lunch = { title: "Lunch", creator_full_name: "Ana Silva", start_date: { date_time: "2026-11-26T15:00", time_zone: "Europe/London" }, end_date: { date_time: "2026-11-26T16:00", time_zone: "Europe/London" } };
  const [bruno, carla, dora] = ["bruno", "carla", "dora"];
  const reviewers = [{ user_id: bruno!, required: true }, { user_id: carla!, required: false }, { user_id: dora!, required: true }];
  /** Written the week before, so the year goes unsaid whatever today is. */
  const updated = (data: Parameters<typeof source.eventRequestUpdated>[0]) => ({ ...source.eventRequestUpdated(data), occurred_at: "2026-11-19T10:00:00.000Z" });

  it("tells every reviewer of a new time on their own clocks, and asks again those whose answers it reset", () => {
    const moved = updated({ ...lunch, approvers: reviewers, reviewers_asked_again: [bruno!], changed_fields: ["start_date", "end_date"] });
    const zones = new Map([[bruno!, "America/Los_Angeles"], [carla!, "Europe/Lisbon"]]);

    const drafts = notificationsFor(moved, { recipientZones: zones });

    expect(seen(drafts)).toEqual([
      { user_id: bruno, kind: "event_request_review_requested", subject_id: moved.data.event_request_id, title: "Ana Silva moved “Lunch” to Thu 26 Nov, 15:00 GMT · 07:00 your time; please review it again" },
      { user_id: carla, kind: "event_request_changed", subject_id: moved.data.event_request_id, title: "Ana Silva moved “Lunch” to Thu 26 Nov, 15:00" },
      { user_id: dora, kind: "event_request_changed", subject_id: moved.data.event_request_id, title: "Ana Silva moved “Lunch” to Thu 26 Nov, 15:00 GMT" },
    ]);
    expect(recipientsToLocate(moved)).toEqual([bruno, carla, dora]);
  });

  it("names the new place, with the time when both changed", () => {
    const placeOnly = updated({ ...lunch, location: "Joe's Diner", approvers: reviewers.slice(0, 1), changed_fields: ["location"] });
    const both = updated({ ...lunch, location: "Joe's Diner", approvers: reviewers.slice(0, 1), changed_fields: ["start_date", "location"] });
    const placeRemoved = updated({ ...lunch, location: null, approvers: reviewers.slice(0, 1), changed_fields: ["location"] });

    expect(titles(notificationsFor(placeOnly))).toEqual(["Ana Silva moved “Lunch” to Joe's Diner"]);
    expect(titles(notificationsFor(both))).toEqual(["Ana Silva moved “Lunch” to Joe's Diner on Thu 26 Nov, 15:00 GMT"]);
    expect(titles(notificationsFor(placeRemoved))).toEqual(["Ana Silva removed the place of “Lunch”"]);
  });

  it("says how a request repeats now, and asks again those whose answers a new rule reset (issue 16)", () => {
    const weekly = { ...lunch, recurrence: "FREQ=WEEKLY;BYDAY=TH", approvers: reviewers.slice(0, 1), reviewers_asked_again: [bruno!] };
    const ruleOnly = updated({ ...weekly, changed_fields: ["recurrence"] });
    expect(seen(notificationsFor(ruleOnly))).toEqual([
      { user_id: bruno, kind: "event_request_review_requested", subject_id: ruleOnly.data.event_request_id, title: "Ana Silva changed how “Lunch” repeats: every Thursday at 3:00 PM (Europe/London); please review it again" },
    ]);
    expect(titles(notificationsFor(updated({ ...weekly, recurrence: null, changed_fields: ["recurrence"] })))).toEqual(["Ana Silva made “Lunch” a one-off (it no longer repeats); please review it again"]);
    expect(titles(notificationsFor(updated({ ...weekly, changed_fields: ["start_date", "recurrence"] })))).toEqual([
      "Ana Silva moved “Lunch” to Thu 26 Nov, 15:00 GMT; it now repeats every Thursday at 3:00 PM (Europe/London); please review it again",
    ]);
  });

  it("says an all-day request's new days without a zone", () => {
    const allDay = updated({ ...lunch, start_date: { date: "2026-11-26", time_zone: "Europe/London" }, end_date: { date: "2026-11-27", time_zone: "Europe/London" }, approvers: reviewers.slice(0, 1) });

    expect(titles(notificationsFor(allDay, { recipientZones: new Map([[bruno!, "Asia/Tokyo"]]) }))).toEqual(["Ana Silva moved “Lunch” to Thu 26 Nov – Fri 27 Nov (all day)"]);
  });

  it("tells every reviewer once that something else changed, naming nothing it need not", () => {
    const renamed = updated({ ...lunch, title: "Team lunch", approvers: reviewers, changed_fields: ["title", "notes"] });

    const drafts = notificationsFor(renamed);

    expect(drafts.map((draft) => [draft.user_id, draft.kind, draft.title])).toEqual(
      [bruno, carla, dora].map((id) => [id, "event_request_changed", "Ana Silva changed “Team lunch”"]),
    );
    expect(notificationsFor(updated({ changed_fields: [] }))).toEqual([]);
  });

  it("makes each change news of its own, and one change one notification per reviewer", () => {
    const first = updated({ ...lunch, approvers: reviewers.slice(0, 1), request_version: 5 });
    const copy = updated({ ...first.data });
    const next = updated({ ...first.data, request_version: 6 });

    expect(notificationsFor(copy)[0]!.meaning).toBe(notificationsFor(first)[0]!.meaning);
    expect(notificationsFor(next)[0]!.meaning).not.toBe(notificationsFor(first)[0]!.meaning);
  });
});

describe("notification text: a reviewer who left", () => {
  it("tells the creator of a pending request that a required reviewer can no longer review it", () => {
    const removed = source.eventRequestReviewerRemoved({ reviewer_full_name: "Bruno Costa", title: "Lunch", required: true, previous_status: "pending" });

    expect(seen(notificationsFor(removed))).toEqual([
      { user_id: removed.data.created_by, kind: "event_request_reviewer_removed", subject_id: removed.data.event_request_id, title: "Bruno Costa can no longer review “Lunch”: you are no longer connected" },
    ]);
  });

  it("says nothing when the request was decided, the reviewer optional, or the creator ended it", () => {
    expect(notificationsFor(source.eventRequestReviewerRemoved({ previous_status: "approved" }))).toEqual([]);
    expect(notificationsFor(source.eventRequestReviewerRemoved({ required: false }))).toEqual([]);
    const creator = "creator-who-ended-it";
    expect(notificationsFor(source.eventRequestReviewerRemoved({ created_by: creator }, creator))).toEqual([]);
  });
});

describe("notification text: a request deleted in Google Calendar", () => {
  it("tells every reviewer, without a link (the request is gone), and the creator nothing", () => {
    const deleted = source.eventRequestDeleted({ title: "Team lunch", cause: "deleted_in_google", approver_user_ids: ["r1", "r2"] });

    expect(seen(notificationsFor(deleted))).toEqual(
      ["r1", "r2"].map((userId) => ({ user_id: userId, kind: "event_request_cancelled", subject_id: null, title: "“Team lunch” was cancelled: its organizer deleted it from Google Calendar" })),
    );
  });

  it("says nothing of a request deleted here", () => {
    expect(notificationsFor(source.eventRequestDeleted({ approver_user_ids: ["r1"] }))).toEqual([]);
  });
});

describe("notification text: a request moved in Google Calendar", () => {
  it("tells its creator the new time, on their own clock", () => {
    const moved = createEvent("calendar", "calendar.google-event-changed", {
      subject: "er1",
      actor_id: "ana",
      data: {
        event_request_id: "er1",
        user_id: "ana",
        google_event_id: "g1",
        start_date: { date_time: "2026-03-12T15:00", time_zone: "Europe/Lisbon" },
        end_date: { date_time: "2026-03-12T16:00", time_zone: "Europe/Lisbon" },
        google_updated_at: null,
      },
    });
    const [told] = notificationsFor(moved, { recipientZones: new Map([["ana", "Europe/Lisbon"]]) });
    expect(told).toMatchObject({ user_id: "ana", kind: "event_request_changed", subject_id: "er1", title: expect.stringMatching(/^Moved in Google Calendar: your event is now .*15:00/) });
    expect(recipientsToLocate(moved)).toEqual(["ana"]);
  });
});

describe("notification text: calendar", () => {
  it("tells the user their calendar was not updated, and what to do about it", () => {
    const event = source.calendarSyncFailed({ reason: "reconnect_required" });

    expect(seen(notificationsFor(event))).toEqual([
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

    expect(seen(notificationsFor(event))).toEqual([
      { user_id: event.data.user_id, kind: "ai_credits_threshold_reached", subject_id: null, title: "You have used 80% of your AI credits this month" },
    ]);
  });

  it("tells the user at 100% until when the assistant works offline: the day the credits renew, in UTC", () => {
    const event = source.aiCreditsThresholdReached({ threshold: 100, credits_used: 10.4, period: "2026-12", period_end: "2027-01-01T00:00:00.000Z" });

    expect(titles(notificationsFor(event))).toEqual([
      "You have used all your AI credits this month; the assistant works offline until January 1",
    ]);
  });
});
