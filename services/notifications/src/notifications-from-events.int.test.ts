import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TEventOf, TNotification } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createNotificationsService } from "./app.ts";
import { RECIPIENT_ZONES_COLLECTION } from "./store/recipient-zones.ts";
import * as source from "./testing/source-events.ts";

let harness: TestHarness;
let notifications: MountedService;
let announced: Array<TEventOf<"notification.created">>;

beforeEach(async () => {
  harness = await createTestHarness("notifications-events");
  notifications = await harness.mount("notifications", createNotificationsService);
  announced = [];
  await harness.bus.consumer({ groupId: "observer", handlers: {
    "notification.created": async (event) => void announced.push(event),
  } }).start();
});
afterEach(() => harness.close());

const stored = () => notifications.db.collection("notifications");
/** Until the relay has published every queued `notification.created` (the outboxes are empty). */
const relayed = () => eventually(async () => (await stored().countDocuments({ outbox_state: "pending" })) === 0);
const listOf = async (userId: string, query = ""): Promise<TNotification[]> => (await notifications.as({ id: userId }).get(`/api/v1/notifications${query}`)).body.notifications;

describe("notifications: built from other services' events", () => {
  it("tells the right person about each kind of event, and nobody else", async () => {
    // Given one event of each kind, each for different people
    const waiting = source.relationshipRequestCreated({ requested_user_id: null, requester_full_name: "Ana Silva" });
    const delivered = source.relationshipRequestDelivered({ request_id: waiting.data.request_id, requester_id: waiting.data.requester_id, requester_full_name: "Ana Silva" });
    const created = source.relationshipRequestCreated({ requester_full_name: null, requester_email: "ana@example.com" });
    const accepted = source.relationshipRequestAccepted({ requested_full_name: "Bruno Costa" });
    const rejected = source.relationshipRequestRejected({ requested_full_name: "Carla Dias" });
    const reviewers = [{ user_id: crypto.randomUUID(), required: true }, { user_id: crypto.randomUUID(), required: false }];
    const toReview = source.eventRequestCreated({ creator_full_name: "Ana Silva", title: "Team lunch", approvers: reviewers });
    const reviewed = source.eventRequestReviewRecorded({ reviewer_full_name: "Bruno Costa", status: "approved", title: "Team lunch" });
    const approved = source.eventRequestApproved({ title: "Offsite" });
    const refused = source.eventRequestRejected({ title: null });
    const syncFailed = source.calendarSyncFailed({ reason: "reconnect_required" });
    const expected = [
      { to: delivered.data.requested_user_id, kind: "relationship_request_received", subject_id: delivered.data.request_id, title: "Ana Silva wants to connect", from: delivered },
      { to: created.data.requested_user_id!, kind: "relationship_request_received", subject_id: created.data.request_id, title: "ana@example.com wants to connect", from: created },
      { to: accepted.data.requester_id, kind: "relationship_request_accepted", subject_id: accepted.data.request_id, title: "Bruno Costa accepted your request", from: accepted },
      { to: rejected.data.requester_id, kind: "relationship_request_rejected", subject_id: rejected.data.request_id, title: "Carla Dias declined your request", from: rejected },
      { to: reviewers[0]!.user_id, kind: "event_request_review_requested", subject_id: toReview.data.event_request_id, title: "Ana Silva asks you to review “Team lunch”", from: toReview },
      { to: reviewers[1]!.user_id, kind: "event_request_review_requested", subject_id: toReview.data.event_request_id, title: "Ana Silva asks you to review “Team lunch”", from: toReview },
      { to: reviewed.data.created_by, kind: "event_request_review_recorded", subject_id: reviewed.data.event_request_id, title: "Bruno Costa approved “Team lunch”", from: reviewed },
      { to: approved.data.created_by, kind: "event_request_approved", subject_id: approved.data.event_request_id, title: "“Offsite” was approved", from: approved },
      { to: refused.data.created_by, kind: "event_request_rejected", subject_id: refused.data.event_request_id, title: "Bruno Costa rejected “Untitled Event”", from: refused },
      { to: syncFailed.data.user_id, kind: "calendar_sync_failed", subject_id: syncFailed.data.event_request_id, title: "We couldn't update your Google Calendar — please sign in again", from: syncFailed },
    ];

    // When they are published
    await harness.bus.publish([waiting, delivered, created, accepted, rejected, toReview, reviewed, approved, refused, syncFailed]);

    // Then each recipient has exactly their notification, dated when the event occurred
    await eventually(async () => (await stored().countDocuments()) === expected.length);
    for (const { to, kind, subject_id, title, from } of expected) {
      expect(await listOf(to)).toEqual([{ id: expect.any(String), title, kind, subject_id, is_read: false, is_deleted: false, created_at: from.occurred_at }]);
    }
    // ... and nobody else does: not the people who acted, not the waiting request's email
    expect(new Set(await stored().distinct("user_id"))).toEqual(new Set(expected.map((row) => row.to)));
    for (const actor of [waiting.data.requester_id, accepted.data.requested_user_id, toReview.data.created_by, reviewed.data.reviewer_id]) {
      expect(await listOf(actor)).toEqual([]);
    }
    // ... and each notification was announced once, as the API shows it
    await relayed();
    await eventually(() => announced.length >= expected.length);
    expect(announced).toHaveLength(expected.length);
    for (const { to } of expected) {
      const [notification] = await listOf(to);
      expect(announced.filter((event) => event.subject === notification!.id).map((event) => event.data)).toEqual([{ user_id: to, notification }]);
    }
  });

  it("makes one notification, announced once, of an event delivered three times", async () => {
    // Given a request event, delivered twice by the bus and once more as raw bytes
    const request = source.relationshipRequestCreated({ requester_full_name: "Ana Silva" });
    const recipient = request.data.requested_user_id!;
    await harness.bus.publish([request]);
    await harness.bus.publish([request]);
    await harness.bus.publishRaw(harness.bus.topicName("relationship-requests"), [{ key: request.subject, value: JSON.stringify(request) }]);

    // When a later event on the same request is handled, all three copies have been read
    const accepted = source.relationshipRequestAccepted({ request_id: request.data.request_id, requester_id: request.data.requester_id, requested_user_id: recipient });
    await harness.bus.publish([accepted]);
    await eventually(async () => (await listOf(request.data.requester_id)).length === 1);

    // Then the recipient has one notification, and it was announced once
    const notificationsOfRecipient = await listOf(recipient);
    expect(notificationsOfRecipient.map((notification) => notification.title)).toEqual(["Ana Silva wants to connect"]);
    expect(await stored().countDocuments({ user_id: recipient })).toBe(1);
    await relayed();
    await eventually(() => announced.length >= 2);
    expect(announced.filter((event) => event.data.user_id === recipient)).toHaveLength(1);
  });

  it("hides the 'wants to connect' of a request its sender withdrew, and says nothing new", async () => {
    // Given a received request
    const request = source.relationshipRequestCreated({ requester_full_name: "Ana Silva" });
    const recipient = request.data.requested_user_id!;
    await harness.bus.publish([request]);
    await eventually(async () => (await listOf(recipient)).length === 1);

    // When the requester withdraws it
    await harness.bus.publish([source.relationshipRequestDeleted({ request_id: request.data.request_id, requester_id: request.data.requester_id, requested_user_id: recipient })]);

    // Then it leaves the default list, is still there with is_deleted=true, and nothing new appears
    await eventually(async () => (await listOf(recipient)).length === 0);
    expect((await listOf(recipient, "?is_deleted=true")).map((notification) => [notification.title, notification.is_deleted])).toEqual([["Ana Silva wants to connect", true]]);
    expect(await stored().countDocuments()).toBe(1);
  });

  it("withdraws everything said about an event request its creator deleted, and a late copy brings nothing back", () => withdrawnOnDelete());

  it("lists by when things happened, newest first, whatever order the events arrive in", async () => {
    // Given three failures for one user, published oldest last
    const userId = crypto.randomUUID();
    const at = (minute: number) => `2026-03-11T12:0${minute}:00.000Z`;
    const failures = [3, 1, 2].map((minute) => ({ ...source.calendarSyncFailed({ user_id: userId, reason: "retries_exhausted" }), occurred_at: at(minute) }));

    // When they are handled
    await harness.bus.publish(failures);

    // Then the list is newest first by occurred_at
    await eventually(async () => (await listOf(userId)).length === 3);
    expect((await listOf(userId)).map((notification) => [notification.created_at, notification.subject_id])).toEqual(
      [3, 2, 1].map((minute) => [at(minute), failures.find((event) => event.occurred_at === at(minute))!.data.event_request_id]),
    );
  });
});

/*
 * Issue 11 point 8: one notification per meaning. The harness's topics have one partition, so
 * an event published later on a topic is handled after everything before it: a test waits for
 * a later event's notification (the marker) before it says that something did not happen.
 */
const titlesOf = async (userId: string, query = "") => (await listOf(userId, query)).map((notification) => notification.title);
/** Dated the week before the request, so its year goes unsaid whatever today is. */
const IN_NOVEMBER = "2026-11-19T10:00:00.000Z";
const lunchAt = (date_time: string) => ({ start_date: { date_time, time_zone: "Europe/London" }, end_date: { date_time, time_zone: "Europe/London" } });

describe("notifications: one per meaning", () => {
  it("tells the creator of a rejection once, though the reviewer's answer and the rejection both say it", async () => {
    // Given a required reviewer's "no", and the rejection it caused, from one write (one version)
    const review = source.eventRequestReviewRecorded({ reviewer_full_name: "Bruno Costa", status: "rejected", required: true, title: "Lunch", request_version: 4 });
    const { event_request_id, created_by, reviewer_id } = review.data;
    const rejected = source.eventRequestRejected({ event_request_id, created_by, rejected_by: reviewer_id, rejected_by_full_name: "Bruno Costa", title: "Lunch", request_version: 4 });
    // ... and, later, an optional reviewer's answer on the same request (the marker)
    const later = { ...source.eventRequestReviewRecorded({ event_request_id, created_by, reviewer_full_name: "Carla Dias", status: "approved", required: false, title: "Lunch", request_version: 5 }), occurred_at: new Date(Date.now() + 60_000).toISOString() };

    // When they are handled
    await harness.bus.publish([review, rejected, later]);
    await eventually(async () => (await listOf(created_by)).length >= 2);

    // Then the creator reads the rejection once, and the later answer
    expect(await titlesOf(created_by)).toEqual(["Carla Dias approved “Lunch”", "Bruno Costa rejected “Lunch”"]);
    expect((await listOf(created_by))[1]).toMatchObject({ kind: "event_request_rejected", subject_id: event_request_id });
    expect(await stored().countDocuments()).toBe(2);
  });

  it("does not tell the creator that their request without reviewers was approved", async () => {
    // Given a request nobody has to review, approved at once in the creator's own write
    const created = source.eventRequestCreated({ approvers: [], title: "Dentist" });
    const { event_request_id, created_by } = created.data;
    const approved = { ...source.eventRequestApproved({ event_request_id, created_by, title: "Dentist", request_version: 1, reason: "no_required_reviewers" }), actor_id: created_by };
    // ... and another request after it, for someone else (the marker)
    const marker = source.eventRequestCreated({ title: "Marker" });

    // When they are handled
    await harness.bus.publish([created, approved, marker]);
    await eventually(async () => (await listOf(marker.data.approvers[0]!.user_id)).length === 1);

    // Then the creator was told nothing
    expect(await listOf(created_by)).toEqual([]);
    expect(await stored().countDocuments()).toBe(1);
  });

  it("asks each reviewer once, whether the created event comes again, as bytes, or under a new event id", async () => {
    // Given a request for two reviewers
    const reviewers = [crypto.randomUUID(), crypto.randomUUID()];
    const created = source.eventRequestCreated({ creator_full_name: "Ana Silva", title: "Lunch", approvers: reviewers.map((user_id) => ({ user_id, required: true })) });
    const { event_request_id, created_by } = created.data;

    // When it is delivered twice, once more as raw bytes, and once as another event saying the same
    await harness.bus.publish([created]);
    await harness.bus.publish([created]);
    await harness.bus.publishRaw(harness.bus.topicName("event-requests"), [{ key: created.subject, value: JSON.stringify(created) }]);
    await harness.bus.publish([source.eventRequestCreated({ ...created.data })]);
    // ... followed by a reviewer's answer (the marker)
    await harness.bus.publish([source.eventRequestReviewRecorded({ event_request_id, created_by, reviewer_id: reviewers[0]!, reviewer_full_name: "Bruno Costa", title: "Lunch" })]);
    await eventually(async () => (await listOf(created_by)).length === 1);

    // Then each reviewer has one "asks you to review", announced once
    for (const reviewer of reviewers) expect(await titlesOf(reviewer)).toEqual(["Ana Silva asks you to review “Lunch”"]);
    await relayed();
    await eventually(() => announced.length >= 3);
    for (const reviewer of reviewers) expect(announced.filter((event) => event.data.user_id === reviewer)).toHaveLength(1);
  });

  it("tells every reviewer of a new time, on their own clocks when their Settings name a zone, and asks again those it concerns", async () => {
    // Given Bruno's Settings say Los Angeles; Carla never chose a zone
    const [bruno, carla] = [crypto.randomUUID(), crypto.randomUUID()];
    await harness.bus.publish([source.userSettingsUpdated({ user_id: bruno, time_zone: "America/Los_Angeles" })]);
    await eventually(async () => (await notifications.db.collection(RECIPIENT_ZONES_COLLECTION).countDocuments({ _id: bruno as never })) === 1);
    // ... and a request both review, at 14:00 in London
    const approvers = [{ user_id: bruno, required: true }, { user_id: carla, required: false }];
    const created = { ...source.eventRequestCreated({ creator_full_name: "Ana Silva", title: "Lunch", approvers, ...lunchAt("2026-11-26T14:00") }), occurred_at: IN_NOVEMBER };
    const { event_request_id, created_by } = created.data;

    // When Ana moves it to 15:00, which resets Bruno's approval
    const moved = {
      ...source.eventRequestUpdated({ event_request_id, created_by, creator_full_name: "Ana Silva", title: "Lunch", approvers, ...lunchAt("2026-11-26T15:00"), changed_fields: ["start_date", "end_date"], reviewers_asked_again: [bruno], request_version: 4 }),
      occurred_at: "2026-11-19T11:00:00.000Z",
    };
    await harness.bus.publish([created, moved]);
    await eventually(async () => (await listOf(bruno)).length === 2 && (await listOf(carla)).length === 2);

    // Then Bruno reads London's time and his own, and is asked again; Carla reads London's time
    expect(await titlesOf(bruno)).toEqual(["Ana Silva moved “Lunch” to Thu 26 Nov, 15:00 GMT · 07:00 your time; please review it again", "Ana Silva asks you to review “Lunch”"]);
    expect((await listOf(bruno))[0]).toMatchObject({ kind: "event_request_review_requested", subject_id: event_request_id, is_read: false });
    expect(await titlesOf(carla)).toEqual(["Ana Silva moved “Lunch” to Thu 26 Nov, 15:00 GMT", "Ana Silva asks you to review “Lunch”"]);
    expect((await listOf(carla))[0]).toMatchObject({ kind: "event_request_changed", subject_id: event_request_id });
    // ... and Ana, who moved it, is told nothing
    expect(await listOf(created_by)).toEqual([]);
  });

  it("reads a recipient's zone from their newest Settings, whatever order they arrive in, and names the event's zone once they clear it", async () => {
    // Given Bruno's Settings saved twice, the newer (Tokyo) delivered before the older (Los Angeles)
    const bruno = crypto.randomUUID();
    const settings = (time_zone: string | null, updated_at: string) => source.userSettingsUpdated({ user_id: bruno, time_zone, updated_at });
    const marker = source.userSettingsUpdated();
    await harness.bus.publish([settings("Asia/Tokyo", "2026-11-02T10:00:00.000Z"), settings("America/Los_Angeles", "2026-11-01T10:00:00.000Z"), marker]);
    await eventually(async () => (await notifications.db.collection(RECIPIENT_ZONES_COLLECTION).countDocuments({ _id: marker.data.user_id as never })) === 1);
    const approvers = [{ user_id: bruno, required: true }];
    const { event_request_id, created_by } = source.eventRequestCreated().data;
    const move = (date_time: string, request_version: number) => ({
      ...source.eventRequestUpdated({ event_request_id, created_by, creator_full_name: "Ana Silva", title: "Lunch", approvers, ...lunchAt(date_time), request_version }),
      occurred_at: IN_NOVEMBER,
    });

    // When Ana moves the request, then Bruno clears his zone, then Ana moves it again
    await harness.bus.publish([move("2026-11-26T15:00", 4)]);
    await eventually(async () => (await listOf(bruno)).length === 1);
    const nextMarker = source.userSettingsUpdated();
    await harness.bus.publish([settings(null, "2026-11-03T10:00:00.000Z"), nextMarker]);
    await eventually(async () => (await notifications.db.collection(RECIPIENT_ZONES_COLLECTION).countDocuments({ _id: nextMarker.data.user_id as never })) === 1);
    await harness.bus.publish([move("2026-11-26T16:00", 5)]);
    await eventually(async () => (await listOf(bruno)).length === 2);

    // Then the first reads Tokyo's clocks beside London's; the second names London's zone only
    expect((await titlesOf(bruno)).sort()).toEqual(["Ana Silva moved “Lunch” to Thu 26 Nov, 15:00 GMT · Fri 27 Nov, 00:00 your time", "Ana Silva moved “Lunch” to Thu 26 Nov, 16:00 GMT"]);
  });

  it("tells the creator that a required reviewer of a pending request left, and withdraws what that reviewer was told", async () => {
    // Given a pending request Bruno must review
    const bruno = crypto.randomUUID();
    const created = source.eventRequestCreated({ creator_full_name: "Ana Silva", title: "Lunch", approvers: [{ user_id: bruno, required: true }] });
    const { event_request_id, created_by } = created.data;
    await harness.bus.publish([created]);
    await eventually(async () => (await listOf(bruno)).length === 1);

    // When Bruno ends the relationship, which removes him from the request
    await harness.bus.publish([source.eventRequestReviewerRemoved({ event_request_id, created_by, title: "Lunch", reviewer_id: bruno, reviewer_full_name: "Bruno Costa", required: true, previous_status: "pending" }, bruno)]);

    // Then Ana is told, and Bruno no longer has a link to a request he may not see
    await eventually(async () => (await listOf(created_by)).length === 1);
    expect(await listOf(created_by)).toEqual([expect.objectContaining({ kind: "event_request_reviewer_removed", subject_id: event_request_id, title: "Bruno Costa can no longer review “Lunch”: you are no longer connected" })]);
    expect(await listOf(bruno)).toEqual([]);
    expect(await titlesOf(bruno, "?is_deleted=true")).toEqual(["Ana Silva asks you to review “Lunch”"]);
  });
});

/** A request reviewed, answered and moved, then deleted: what its people were told is withdrawn. */
async function withdrawnOnDelete() {
  // Given a request with two reviewers: both asked, one answered, both told of a move
  const reviewers = [crypto.randomUUID(), crypto.randomUUID()];
  const approvers = reviewers.map((user_id) => ({ user_id, required: true }));
  const request = source.eventRequestCreated({ approvers, title: "Lunch" });
  const { event_request_id, created_by } = request.data;
  const answer = source.eventRequestReviewRecorded({ event_request_id, created_by, reviewer_id: reviewers[0]!, status: "approved", title: "Lunch", request_version: 2 });
  const moved = source.eventRequestUpdated({ event_request_id, created_by, approvers, title: "Lunch", changed_fields: ["location"], location: "Joe's", reviewers_asked_again: [reviewers[0]!], request_version: 3 });
  await harness.bus.publish([request, answer, moved]);
  for (const reviewer of reviewers) await eventually(async () => (await listOf(reviewer)).length === 2);
  await eventually(async () => (await listOf(created_by)).length === 1);

  // When the creator deletes it, and the bus later delivers its created event again
  await harness.bus.publish([source.eventRequestDeleted({ event_request_id, created_by, approver_user_ids: reviewers, request_version: 4 })]);
  await harness.bus.publish([request]);
  // ... followed by another request for the first reviewer (the marker)
  const marker = source.eventRequestCreated({ approvers: [{ user_id: reviewers[0]!, required: true }], title: "Marker" });
  await harness.bus.publish([marker]);
  await eventually(async () => (await titlesOf(reviewers[0]!)).includes("Ana Silva asks you to review “Marker”"));

  // Then nobody has a notification about the deleted request in their lists, all are still
  // readable as deleted, and nothing new was said
  for (const reviewer of reviewers) expect((await listOf(reviewer)).filter((n) => n.subject_id === event_request_id)).toEqual([]);
  expect(await listOf(created_by)).toEqual([]);
  expect((await listOf(reviewers[1]!, "?is_deleted=true")).map((n) => [n.kind, n.is_deleted]).sort()).toEqual([["event_request_changed", true], ["event_request_review_requested", true]]);
  expect(await stored().countDocuments({ subject_id: event_request_id })).toBe(5);
  expect(await stored().countDocuments({ subject_id: event_request_id, is_deleted: false })).toBe(0);
}
