import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Partitioners } from "kafkajs";
import { createEvent, dropProjection } from "@amia/kit";
import { createTestHarness, eventually, relationshipCreated as created, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createEventsService } from "./app.ts";
import { PEOPLE_PROJECTION } from "./store/people-projection.ts";

/*
 * The people projection (who is connected with whom, people's names) can always be rebuilt: an
 * emptied (or fresh) database starts a new projection generation whose consumer group reads the
 * users and relationships topics from the start. Real Kafka and the MongoDB-wire database.
 */

let harness: TestHarness;
let events: MountedService;
const ana = { id: randomUUID(), name: "Ana Silva" };
const bruno = { id: randomUUID(), name: "Bruno Costa" };

beforeEach(async () => {
  harness = await createTestHarness("events-projection-rebuild");
  events = await harness.mount("events", createEventsService);
});
afterEach(() => harness.close());

const registered = (person: { id: string; name: string }) =>
  createEvent("identity", "user.registered", {
    subject: person.id,
    actor_id: person.id,
    data: { user_id: person.id, email: `${person.id}@example.com`, name: person.name, full_name: person.name, provider: "google", email_verified: true, created_at: new Date().toISOString() },
  });

const deleted = (relationshipId: string, by: { id: string }, other: { id: string }) =>
  createEvent("relationships", "relationship.deleted", { subject: relationshipId, actor_id: by.id, data: { relationship_id: relationshipId, user_ids: [by.id, other.id] } });

const lunchReviewedBy = (reviewer: { id: string }) => ({
  title: "Lunch with Sarah",
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
  approvers: [{ user_id: reviewer.id, required: true }],
});

const relationshipsProjected = (ids: readonly string[]) =>
  eventually(async () => (await events.db.collection("relationships").countDocuments({ _id: { $in: ids } as never })) === ids.length);

/** Stops the events service, empties its projection as `npm run rebuild-projection` does, and starts it again on the same database. */
async function dropProjectionAndRestart(): Promise<void> {
  await events.module.stop();
  await dropProjection(events.db, PEOPLE_PROJECTION);
  events = await harness.mount("events", createEventsService);
}

describe("events: the people projection rebuilt from the topics", () => {
  it("accepts an existing connection as reviewer again once the projection was dropped and rebuilt", async () => {
    const relationshipId = randomUUID();
    await harness.bus.publish([registered(ana), registered(bruno), created(relationshipId, ana, bruno)]);
    await relationshipsProjected([relationshipId]);
    expect((await events.as({ id: ana.id }).post("/api/v1/event-requests", lunchReviewedBy(bruno))).status).toBe(201);

    // Given: the projection emptied, with the service down (a lost or rebuilt database) …
    await events.module.stop();
    await dropProjection(events.db, PEOPLE_PROJECTION);
    expect(await events.db.collection("relationships").countDocuments()).toBe(0);

    // … when the service starts again, it reads the topics from the start under a new group,
    events = await harness.mount("events", createEventsService);

    // then Bruno is Ana's connection again, and both are known by name.
    const accepted = await eventually(async () => {
      const response = await events.as({ id: ana.id }).post("/api/v1/event-requests", lunchReviewedBy(bruno));
      return response.status === 201 ? response : undefined;
    });
    expect((accepted.body.event_request.approvers as Array<{ user_id: string }>).map((approver) => approver.user_id)).toEqual([bruno.id]);
    await eventually(async () => (await events.db.collection("people").countDocuments()) === 2);
  });

  it("a replayed relationship.deleted ends no review of the two's newer connection", async () => {
    const first = randomUUID();
    // The newer relationship on the same partition, after the deletion: a replay applies the
    // deletion while the two are not connected yet in the rebuilt projection.
    const second = sameRelationshipsPartitionAs(first);
    await harness.bus.publish([registered(ana), registered(bruno), created(first, ana, bruno), deleted(first, ana, bruno), created(second, ana, bruno)]);
    await relationshipsProjected([first, second]);
    await eventually(async () => (await events.db.collection("relationships").countDocuments({ _id: second as never, is_deleted: false })) === 1);
    const request = await events.as({ id: ana.id }).post("/api/v1/event-requests", lunchReviewedBy(bruno));
    expect(request.status).toBe(201);
    const id = request.body.event_request.id as string;

    await dropProjectionAndRestart();
    // The newer relationship is projected only after the replayed deletion was handled (same partition).
    await relationshipsProjected([second]);
    expect(await events.db.collection("relationships").countDocuments({ _id: first as never, is_deleted: true })).toBe(1);

    const shown = await events.as({ id: ana.id }).get(`/api/v1/event-requests/${id}`);
    expect(shown.status).toBe(200);
    expect((shown.body.event_request.approvers as Array<{ user_id: string }>).map((approver) => approver.user_id)).toEqual([bruno.id]);
  });
});

/** A relationship id whose events land on the same partition of `relationships` as `id`'s (the bus's partitioner, 3 partitions in tests). */
function sameRelationshipsPartitionAs(id: string): string {
  const partitioner = Partitioners.DefaultPartitioner();
  const partitionMetadata = [0, 1, 2].map((partitionId) => ({ partitionId, leader: 0, partitionErrorCode: 0, replicas: [0], isr: [0] }));
  const partitionOf = (key: string) => partitioner({ topic: "relationships", partitionMetadata, message: { key, value: "" } });
  for (;;) {
    const candidate = randomUUID();
    if (partitionOf(candidate) === partitionOf(id)) return candidate;
  }
}
