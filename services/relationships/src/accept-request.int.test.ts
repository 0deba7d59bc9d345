import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOutbox } from "@amia/kit";
import { eventually, quietLogger } from "@amia/kit/testing";
import { relationshipIdFor } from "./domain/relationship-id.ts";
import { acceptRequest } from "./operations/answer-request.ts";
import { sendRequest } from "./operations/send-request.ts";
import { createStores, type Stores } from "./store/stores.ts";
import { createWorld, type Person, type World } from "./testing/identity-and-relationships.ts";

/*
 * Accepting is one write: the request becomes accepted with `relationship-request.accepted` in
 * its outbox. The relationship follows from that event (made at once by the answer, and by the
 * service's own consumer of the event when the answering process died first), with an id derived
 * from the request's, so a redelivered event makes nothing twice.
 */

let world: World;
beforeEach(async () => {
  world = await createWorld("relationships-accept");
});
afterEach(() => world.harness.close());

const send = async (from: Person, to: Person) => (await world.as(from).post("/api/v1/relationship-requests", { requested_email: to.email })).body.relationship_request.id as string;
const createdFor = (relationshipId: string) => world.published.filter((event) => event.type === "relationship.created" && event.subject === relationshipId);

/** The service's stores as a process that dies right after the acceptance's write would use them (its outbox never runs). */
function dyingAfterTheWrite(): Stores {
  const stores = createStores(world.relationships.db, createOutbox({ db: world.relationships.db, publish: world.harness.bus.publish, logger: quietLogger() }));
  const dies = async () => {
    throw new Error("process killed");
  };
  return { ...stores, relationships: { ...stores.relationships, insert: dies } };
}

describe("accepting a relationship request", () => {
  it("answers with the relationship, which exists at once, from one write whose event made it", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const requestId = await send(ana, bruno);

    const approved = await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`);

    expect(approved.status).toBe(200);
    const relationshipId = relationshipIdFor(requestId);
    expect(approved.body.relationship).toMatchObject({ id: relationshipId, other_user: { id: ana.id, email: ana.email } });
    // What the answer says is already true: both see it.
    expect((await world.as(ana).get(`/api/v1/relationships/${relationshipId}`)).status).toBe(200);
    const [accepted] = await world.eventsOf("relationship-request.accepted");
    expect(accepted).toMatchObject({ subject: requestId, data: { relationship_id: relationshipId } });
    await eventually(() => createdFor(relationshipId).length === 1);
  });

  it("makes the relationship from the accepted event when the answering process died after its write, and a redelivered event makes nothing twice", async () => {
    const [ana, bruno, carla, dora] = [await world.signIn("Ana Silva"), await world.signIn("Bruno Costa"), await world.signIn("Carla Dias"), await world.signIn("Dora Reis")];
    const first = await send(ana, bruno);
    expect((await world.as(bruno).post(`/api/v1/relationship-requests/${first}/approve`)).status).toBe(200);
    const [acceptedFirst] = await world.eventsOf("relationship-request.accepted");

    // Given: the first acceptance's event is delivered again.
    await world.harness.bus.publish([acceptedFirst!]);

    // And: another acceptance whose process dies after its one write, before making the relationship.
    const second = await send(carla, dora);
    const answer = await acceptRequest(dyingAfterTheWrite(), second, dora.id, { logger: quietLogger() });
    // Its answer (had it been sent) names the relationship the event will make.
    expect(answer.relationship).toMatchObject({ _id: relationshipIdFor(second), user_ids: [carla.id, dora.id] });
    expect((await world.as(carla).get(`/api/v1/relationship-requests/${second}`)).body.relationship_request.status).toBe("accepted");

    // Then: the service's consumer of the accepted event makes it (the outbox sweep publishes the event).
    await eventually(async () => (await world.as(carla).get(`/api/v1/relationships/${relationshipIdFor(second)}`)).status === 200, 30_000);
    await eventually(() => createdFor(relationshipIdFor(second)).length === 1);
    // The redelivery, read before the second event (one partition), made no second relationship nor event.
    expect((await world.as(ana).get("/api/v1/relationships")).body.total_count).toBe(1);
    expect(createdFor(relationshipIdFor(first))).toHaveLength(1);
    expect(await world.relationships.db.collection("relationships").countDocuments()).toBe(2);
  });
});

describe("a request to an email whose owner signed up during the send", () => {
  it("reaches its owner through the created event when the sending process died between its insert and its second look", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    // Given: Bruno's sign-up was handled before Ana's request existed, but her look-up missed him
    // (it ran just before), and the process dies where it would look again after the insert.
    const stores = createStores(world.relationships.db, createOutbox({ db: world.relationships.db, publish: world.harness.bus.publish, logger: quietLogger() }));
    let looks = 0;
    const racing: Stores = {
      ...stores,
      users: {
        ...stores.users,
        findVerifiedOwner: async (email) => {
          looks += 1;
          if (looks === 1) return null;
          throw new Error("process killed");
        },
      },
    };
    await expect(sendRequest(racing, { id: ana.id, email: ana.email, kind: "user" }, bruno.email)).rejects.toThrow("process killed");
    const [waiting] = await world.relationships.db.collection("relationship_requests").find({ requester_id: ana.id }).toArray();
    expect(waiting).toMatchObject({ requested_email: bruno.email, requested_user_id: null });

    // Then: the service's consumer of its own created event delivers it; Bruno receives it and is told.
    await eventually(async () => (await world.as(bruno).get("/api/v1/relationship-requests/received")).body.total_count === 1, 30_000);
    const [delivered] = await world.eventsOf("relationship-request.delivered");
    expect(delivered).toMatchObject({ subject: waiting!._id, data: { requested_user_id: bruno.id } });
  });
});
