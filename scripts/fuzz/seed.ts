import { randomUUID } from "node:crypto";
import type { TestBrowser } from "../../bff/src/testing/test-browser.ts";
import { signIn } from "./sign-in.ts";
import type { JsonSchema, OpenApiDocument } from "./operations.ts";

/*
 * Real resources of the fuzz user, so `{id}` is not always a miss: a connection (someone who
 * signed in too), an event request they created and one they review, a relationship request
 * waiting for their answer and one they sent, a notification, a recipe with an ingredient, a
 * conversation with an open and a confirmed proposal. Their ids become the `examples` of each
 * `{id}` parameter in the copy of the document schemathesis reads, and our own cases use them.
 */

export type SeedKind = "eventRequest" | "relationship" | "relationshipRequest" | "notification" | "recipe" | "ingredient" | "proposal" | "conversation";

/** Which seeded ids fit a path, by its prefix (longest first). */
const KIND_BY_PREFIX: readonly [string, SeedKind][] = [
  ["/api/v1/recipes/ingredients/", "ingredient"],
  ["/api/v1/event-requests/", "eventRequest"],
  ["/api/v1/relationship-requests/", "relationshipRequest"],
  ["/api/v1/relationships/", "relationship"],
  ["/api/v1/notifications/", "notification"],
  ["/api/v1/recipes/", "recipe"],
  ["/api/v1/agent/proposals/", "proposal"],
  ["/api/v1/agent/conversations/", "conversation"],
];

export function seedKindOf(path: string): SeedKind | undefined {
  return KIND_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1];
}

export type Seeded = Record<SeedKind, string[]>;

async function ok(browser: TestBrowser, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await browser.json(method, path, body);
  if (answer.status >= 300) throw new Error(`seeding: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Retries while a projection catches up (another service learns of the connection through Kafka). */
async function eventually<T>(what: string, attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`seeding: ${what} did not succeed in ${timeoutMs / 1000} s: ${error instanceof Error ? error.message : String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const lunch = (approvers: { user_id: string; required: boolean }[]) => ({
  title: "Fuzz lunch",
  start_date: { date_time: `${day(7)}T12:00`, time_zone: "Europe/Lisbon" },
  end_date: { date_time: `${day(7)}T13:00`, time_zone: "Europe/Lisbon" },
  approvers,
});

async function chat(browser: TestBrowser, content: string): Promise<{ proposalId?: string; conversationId?: string }> {
  const response = await browser.call("POST", "/api/v1/agent/commands/chat", { messages: [{ role: "user", content }], context: { timezone: "Europe/Lisbon" } }, { headers: { accept: "text/event-stream" } });
  const events = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)) as { type: string; proposal?: { id: string }; conversation_id?: string });
  const proposalId = events.find((event) => event.type === "proposal")?.proposal?.id;
  const conversationId = events.find((event) => event.type === "conversation")?.conversation_id;
  return { ...(proposalId ? { proposalId } : {}), ...(conversationId ? { conversationId } : {}) };
}

export async function seed(user: TestBrowser, webOrigin: string): Promise<Seeded> {
  const tag = randomUUID().slice(0, 8);
  const email = (name: string) => `fuzz-${name}-${tag}@example.com`;
  const self = (await ok(user, "GET", "/api/v1/auth/session")).user as { id: string };
  const peer = await signIn(webOrigin, email("peer"), "Fuzz Peer");
  const peerId = ((await ok(peer, "GET", "/api/v1/auth/session")).user as { id: string }).id;
  const asker = await signIn(webOrigin, email("asker"), "Fuzz Asker");

  // Connected with the peer (the peer asked, the user accepted).
  const userEmail = (await ok(user, "GET", "/api/v1/users/me")).user.email as string;
  const request = await ok(peer, "POST", "/api/v1/relationship-requests", { requested_email: userEmail });
  // The request reaches the user once the relationships service has linked the email to them.
  const approved = await eventually("accepting the peer's request", () => ok(user, "POST", `/api/v1/relationship-requests/${request.relationship_request.id}/approve`));
  const relationshipId = approved.relationship.id as string;

  // Event requests both ways, once the events service knows they are connected.
  const mine = await eventually("an event request naming the peer", () => ok(user, "POST", "/api/v1/event-requests", lunch([{ user_id: peerId, required: true }])));
  const toReview = await eventually("an event request for the user to review", () => ok(peer, "POST", "/api/v1/event-requests", lunch([{ user_id: self.id, required: true }])));

  // A request waiting for the user's answer, and one the user sent.
  const incoming = await ok(asker, "POST", "/api/v1/relationship-requests", { requested_email: userEmail });
  const outgoing = await ok(user, "POST", "/api/v1/relationship-requests", { requested_email: email("nobody") });

  const notification = await ok(user, "POST", "/api/v1/notifications", { title: "Fuzz note" });
  const recipe = await ok(user, "POST", "/api/v1/recipes", { title: "Fuzz bread", ingredients: [{ name: "Flour", quantity: 500, unit: "g" }] });
  const ingredients = await ok(user, "GET", `/api/v1/recipes/${recipe.recipe.id}/ingredients`);

  const open = await chat(user, "Lunch with Fuzz Peer next Friday at 1pm");
  const confirmed = await chat(user, "Dinner with Fuzz Peer next Saturday at 8pm");
  if (confirmed.proposalId) await ok(user, "POST", `/api/v1/agent/proposals/${confirmed.proposalId}/confirm`, {});

  const ids = (...values: (string | undefined)[]) => values.filter((value): value is string => typeof value === "string");
  return {
    eventRequest: ids(mine.event_request.id, toReview.event_request.id),
    relationship: ids(relationshipId),
    relationshipRequest: ids(incoming.relationship_request.id, outgoing.relationship_request.id),
    notification: ids(notification.notification.id),
    recipe: ids(recipe.recipe.id),
    ingredient: ids(ingredients.ingredients[0]?.id),
    proposal: ids(open.proposalId, confirmed.proposalId),
    conversation: ids(open.conversationId, confirmed.conversationId),
  };
}

/** Of a long enum, how many values the fuzzing copy keeps. */
const ENUM_SAMPLE = 6;

/**
 * The copy of the document schemathesis reads: each `{id}` parameter carries the seeded ids as
 * examples, and in what requests send (parameters and bodies) a long enum (every time zone name)
 * keeps a sample of its values, first, last and some between: schemathesis's coverage phase
 * tries every value of an enum, which for the two zones of an event is 800 requests saying
 * nothing new. Responses keep the whole list (a stored zone may be any of them); so does the
 * document the BFF serves.
 */
export function fuzzingCopy(document: OpenApiDocument, seeded: Seeded): OpenApiDocument {
  const copy = structuredClone(document) as OpenApiDocument & { components: { schemas: Record<string, JsonSchema> } };
  const schemas = copy.components.schemas;
  const shortened = new Map<string, string>();
  const requestSide = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(requestSide);
    if (typeof node !== "object" || node === null) return node;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")) result[key] = `#/components/schemas/${shortName(value.slice(21))}`;
      else if (key === "enum" && Array.isArray(value) && value.length > ENUM_SAMPLE * 2) result[key] = sampleOf(value);
      else result[key] = requestSide(value);
    }
    return result;
  };
  // A request-side twin of a component, with its long enums sampled (made once, refs inside too).
  const shortName = (name: string): string => {
    const twin = `${name}FuzzRequest`;
    if (!shortened.has(name)) {
      shortened.set(name, twin);
      schemas[twin] = requestSide(schemas[name]) as JsonSchema;
    }
    return twin;
  };
  for (const [path, item] of Object.entries(copy.paths)) {
    const kind = seedKindOf(path);
    for (const operation of Object.values(item) as { parameters?: Record<string, unknown>[]; requestBody?: unknown }[]) {
      if (operation.requestBody) operation.requestBody = requestSide(operation.requestBody);
      operation.parameters = (operation.parameters ?? []).map((parameter) => {
        const rewritten = requestSide(parameter) as Record<string, unknown>;
        if (parameter.in === "path" && kind && seeded[kind].length > 0) {
          rewritten.examples = Object.fromEntries(seeded[kind].map((id, index) => [`seeded${index + 1}`, { value: id }]));
        }
        return rewritten;
      });
    }
  }
  return copy;
}

function sampleOf(values: unknown[]): unknown[] {
  const step = Math.floor(values.length / (ENUM_SAMPLE - 1));
  return [...new Set([...Array.from({ length: ENUM_SAMPLE - 1 }, (_, index) => values[index * step]), values.at(-1)])];
}
