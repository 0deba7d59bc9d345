import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TEventOf, TNotification } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createNotificationsService } from "./app.ts";
import * as source from "./testing/source-events.ts";

let harness: TestHarness;
let notifications: MountedService;
let announced: Array<TEventOf<"notification.created">>;

beforeEach(async () => {
  harness = await createTestHarness("notifications-events");
  notifications = await harness.mount("notifications", createNotificationsService);
  announced = [];
  await harness.bus.consumer({ groupId: "observer", topics: ["notifications"], handlers: {
    "notification.created": async (event) => void announced.push(event),
  } }).start();
});
afterEach(() => harness.close());

const stored = () => notifications.db.collection("notifications");
/** Until the relay has published every queued `notification.created` (the outboxes are empty). */
const relayed = () => eventually(async () => (await stored().countDocuments({ "outbox.0": { $exists: true } })) === 0);
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
    const reviewed = source.eventRequestReviewRecorded({ reviewer_full_name: "Bruno Costa", status: "rejected", title: "Team lunch" });
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
      { to: reviewed.data.created_by, kind: "event_request_review_recorded", subject_id: reviewed.data.event_request_id, title: "Bruno Costa declined “Team lunch”", from: reviewed },
      { to: approved.data.created_by, kind: "event_request_approved", subject_id: approved.data.event_request_id, title: "“Offsite” was approved", from: approved },
      { to: refused.data.created_by, kind: "event_request_rejected", subject_id: refused.data.event_request_id, title: "“Untitled Event” was rejected", from: refused },
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

  it("hides the 'asks you to review' of an event request its creator deleted, and says nothing new", async () => {
    // Given a request with two reviewers, each told to review it
    const reviewers = [crypto.randomUUID(), crypto.randomUUID()];
    const request = source.eventRequestCreated({ approvers: reviewers.map((user_id) => ({ user_id, required: true })) });
    await harness.bus.publish([request]);
    for (const reviewer of reviewers) await eventually(async () => (await listOf(reviewer)).length === 1);

    // When the creator deletes it
    const { event_request_id, created_by } = request.data;
    await harness.bus.publish([source.eventRequestDeleted({ event_request_id, created_by, approver_user_ids: reviewers })]);

    // Then neither reviewer sees a link to something that is gone, and nothing new appears
    for (const reviewer of reviewers) await eventually(async () => (await listOf(reviewer)).length === 0);
    expect((await listOf(reviewers[0]!, "?is_deleted=true")).map((notification) => [notification.kind, notification.is_deleted])).toEqual([["event_request_review_requested", true]]);
    expect(await stored().countDocuments({ subject_id: event_request_id })).toBe(2);
  });

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
