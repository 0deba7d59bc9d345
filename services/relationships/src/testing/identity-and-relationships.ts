import { randomUUID } from "node:crypto";
import type { TDomainEvent, TDomainEventType, TEventOf } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestClient, type TestHarness } from "@amia/kit/testing";
import { createIdentityService } from "../../../identity/src/app.ts";
import { relationshipsService, type RelationshipsServiceConfig } from "../app.ts";

/** A signed-in person; `email` is what they signed in with. */
export interface Person {
  id: string;
  email: string;
  name: string;
}

/**
 * Identity and relationships on the real Kafka and MongoDB-wire database, so people come from
 * real sign-ins and reach relationships through `user.registered`, as in production.
 */
export interface World {
  harness: TestHarness;
  identity: MountedService;
  relationships: MountedService;
  /** Everything relationships published on its two topics, in arrival order. */
  published: TDomainEvent[];
  /** Signs in through identity; resolves once relationships knows the person. */
  signIn: (name: string, email?: string) => Promise<Person>;
  /** Relationships as this person, with the email in the token as the BFF sends it. */
  as: (person: Person) => TestClient;
  /** Waits for `count` published events of a type (then returns them). */
  eventsOf: <T extends TDomainEventType>(type: T, count?: number) => Promise<Array<TEventOf<T>>>;
}

export async function createWorld(label: string, config: RelationshipsServiceConfig = {}): Promise<World> {
  const harness = await createTestHarness(label);
  const identity = await harness.mount("identity", createIdentityService);
  const relationships = await harness.mount("relationships", relationshipsService(config));
  const published: TDomainEvent[] = [];
  const record = async (event: TDomainEvent) => void published.push(event);
  await harness.bus
    .consumer({
      groupId: "observer",
      handlers: {
        "relationship-request.created": record,
        "relationship-request.delivered": record,
        "relationship-request.accepted": record,
        "relationship-request.rejected": record,
        "relationship-request.deleted": record,
        "relationship.created": record,
        "relationship.deleted": record,
      },
    })
    .start();

  const signIn = async (name: string, email = `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`): Promise<Person> => {
    const response = await identity.asService("bff").post("/internal/users/sign-in", {
      issuer: "https://accounts.google.com",
      subject: randomUUID(),
      provider: "google",
      email,
      email_verified: true,
      name,
    });
    if (response.status !== 201) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    const person = { id: response.body.user.id as string, email: response.body.user.email as string, name };
    await eventually(async () => (await relationships.db.collection("users").countDocuments({ _id: person.id as never })) === 1);
    return person;
  };

  const eventsOf = async <T extends TDomainEventType>(type: T, count = 1) =>
    eventually(() => {
      const found = published.filter((event): event is TEventOf<T> => event.type === type);
      return found.length >= count && found;
    });

  return { harness, identity, relationships, published, signIn, as: (person) => relationships.as({ id: person.id, email: person.email }), eventsOf };
}
