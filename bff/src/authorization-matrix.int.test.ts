import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { authenticatorApp } from "../../services/identity/src/testing/authenticator-app.ts";
import { buildOpenApiDocument, toOpenApiPath } from "./openapi/document.ts";
import { ROUTES, type RouteSpec } from "./routes/catalogue.ts";
import { createFullWorld, type FullWorld } from "./testing/full-world.ts";
import type { TestBrowser } from "./testing/test-browser.ts";

/*
 * The authorization matrix (issue 13): every route the BFF answers — the whole catalogue, found
 * by iterating ROUTES, and the BFF's own routes, found in its router — called by four people on a
 * live resource, through the real BFF and every real service:
 *
 * - anonymous: no session;
 * - stranger: signed in, connected with nobody, unrelated to the resource;
 * - reviewer: connected with the creator and the resource's peer: the approver of the event
 *   request, the other side of the relationship, the recipient of the relationship request;
 * - creator: the resource's owner.
 *
 * A route without an entry in EXPECTATIONS fails the test (so a new route cannot slip by
 * unjudged), and so does an entry naming no route. Refusals run before successes on the same
 * resource, so a refusal that changed something shows up as the success failing after it; a
 * success that uses the resource up (a delete, a decision) gets a fresh resource for the next
 * success. Every 2xx body is checked against the route's contract, and nothing a stranger gets
 * back may carry an id of the creator's resources or the creator's email.
 */

const ROLES = ["anonymous", "stranger", "reviewer", "creator"] as const;
type Role = (typeof ROLES)[number];
type Statuses = Record<Role, number>;

interface Person {
  /** Replaced when the person signs out (POST /auth/logout) and back in. */
  browser: TestBrowser;
  id: string;
  email: string;
  name: string;
}

/** Resources the cells act on, built lazily and rebuilt once a success used them up. */
type Kind =
  | "relationship"
  | "eventRequest"
  | "relationshipRequest"
  | "notification"
  | "recipe"
  | "ingredient"
  | "proposal"
  | "confirmedProposal"
  | "conversation"
  | "factor"
  | "verifiedFactor";

interface Resource {
  id: string;
  /** Who plays the reviewer for this resource, when not the cast's reviewer (a request's recipient). */
  reviewer?: Person;
  /** A second factor's authenticator app and its recovery codes, each usable once. */
  app?: ReturnType<typeof authenticatorApp>;
  recoveryCodes?: string[];
}

/** A resource built from another goes when that one goes. */
const DEPENDENTS: Partial<Record<Kind, Kind[]>> = {
  relationship: ["eventRequest", "proposal", "confirmedProposal", "conversation"],
  recipe: ["ingredient"],
};

interface Cell {
  role: Role;
  person: Person | undefined;
  browser: TestBrowser;
  resource: Resource | undefined;
  /** Keeps what a success made as a live resource of this kind (a verified factor). */
  remember: (kind: Kind, resource: Resource) => void;
}

interface Expectation {
  expect: Statuses;
  /** The resource whose id replaces `:id`. */
  resource?: Kind;
  query?: string;
  body?: (cell: Cell) => unknown;
  /** What a success uses up (rebuilt before the next use); "session": the caller signed out. */
  consumes?: (Kind | "session")[];
  /** The answer streams: read the status and headers, then let go. */
  isStream?: boolean;
  /** Called with the body of a success. */
  onSuccess?: (cell: Cell, body: any) => void;
}

/** Every protected route: anonymous is refused with 401 before any service is asked. */
const signedIn = (stranger: number, reviewer: number, creator: number): Statuses => ({ anonymous: 401, stranger, reviewer, creator });
/** The caller's own data, whoever they are. */
const own = (status = 200) => signedIn(status, status, status);
/** Someone else's resource: the stranger gets 404 (the API never says whether it exists). */
const everyone = (status: number): Statuses => ({ anonymous: status, stranger: status, reviewer: status, creator: status });

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const eventBody = (title: string, approvers: { user_id: string; required: boolean }[] = []) => ({
  title,
  start_date: { date_time: `${day(7)}T12:00`, time_zone: "Europe/Lisbon" },
  end_date: { date_time: `${day(7)}T13:00`, time_zone: "Europe/Lisbon" },
  approvers,
});
const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const timeWindow = () => ({ timeMin: `${day(1)}T00:00:00Z`, timeMax: `${day(8)}T00:00:00Z` });

/**
 * The expected status of every route for every role, keyed by `METHOD path` as the catalogue and
 * the BFF's router write them. Read a row as: who may do this to the creator's resource.
 */
const EXPECTATIONS: Record<string, Expectation> = {
  // Event requests: the reviewer reads and decides, only the creator changes or deletes.
  "POST /api/v1/event-requests/commands/auto-fill": { expect: own(), body: () => ({ description: "Team lunch next Friday at 1pm", time_zone: "Europe/Lisbon" }) },
  "POST /api/v1/event-requests": { expect: own(201), body: (cell) => eventBody(`Created by the ${cell.role}`) },
  "GET /api/v1/event-requests": { expect: own() },
  "GET /api/v1/event-requests/with-approvals": { expect: own() },
  "GET /api/v1/event-requests/:id": { expect: signedIn(404, 200, 200), resource: "eventRequest" },
  "GET /api/v1/event-requests/:id/with-approvers": { expect: signedIn(404, 200, 200), resource: "eventRequest" },
  "PATCH /api/v1/event-requests/:id": { expect: signedIn(404, 403, 200), resource: "eventRequest", body: () => ({ location: "Room 2" }) },
  "DELETE /api/v1/event-requests/:id": { expect: signedIn(404, 403, 204), resource: "eventRequest", consumes: ["eventRequest"] },
  "POST /api/v1/event-requests/:id/approvals/approve": { expect: signedIn(404, 200, 403), resource: "eventRequest", body: () => ({}), consumes: ["eventRequest"] },
  "POST /api/v1/event-requests/:id/approvals/reject": { expect: signedIn(404, 200, 403), resource: "eventRequest", body: () => ({ response_notes: "Not then" }), consumes: ["eventRequest"] },

  // Relationships: both sides read, change and end it; nobody else learns it exists.
  "POST /api/v1/relationships": { expect: own(201), body: () => ({ requested_email: freshEmail("asked") }) },
  "GET /api/v1/relationships": { expect: own() },
  "GET /api/v1/relationships/:id": { expect: signedIn(404, 200, 200), resource: "relationship" },
  "PATCH /api/v1/relationships/:id": { expect: signedIn(404, 200, 200), resource: "relationship", body: () => ({}) },
  "DELETE /api/v1/relationships/:id": { expect: signedIn(404, 204, 204), resource: "relationship", consumes: ["relationship"] },

  // Relationship requests: the recipient (the reviewer here) answers, the sender withdraws.
  "POST /api/v1/relationship-requests": { expect: own(201), body: () => ({ requested_email: freshEmail("asked") }) },
  "GET /api/v1/relationship-requests/sent": { expect: own() },
  "GET /api/v1/relationship-requests/received": { expect: own() },
  "GET /api/v1/relationship-requests/:id": { expect: signedIn(404, 200, 200), resource: "relationshipRequest" },
  "PATCH /api/v1/relationship-requests/:id": { expect: signedIn(404, 200, 403), resource: "relationshipRequest", body: () => ({ status: "rejected" }), consumes: ["relationshipRequest"] },
  "DELETE /api/v1/relationship-requests/:id": { expect: signedIn(404, 403, 204), resource: "relationshipRequest", consumes: ["relationshipRequest"] },
  "POST /api/v1/relationship-requests/:id/approve": { expect: signedIn(404, 200, 403), resource: "relationshipRequest", consumes: ["relationshipRequest"] },
  "POST /api/v1/relationship-requests/:id/reject": { expect: signedIn(404, 200, 403), resource: "relationshipRequest", consumes: ["relationshipRequest"] },

  // Notifications are their owner's alone.
  "POST /api/v1/notifications/mark-all-read": { expect: own(), body: () => ({}) },
  "POST /api/v1/notifications": { expect: own(201), body: (cell) => ({ title: `A note for the ${cell.role}` }) },
  "GET /api/v1/notifications": { expect: own() },
  "GET /api/v1/notifications/:id": { expect: signedIn(404, 404, 200), resource: "notification" },
  "PATCH /api/v1/notifications/:id": { expect: signedIn(404, 404, 200), resource: "notification", body: () => ({ is_read: true }) },
  "DELETE /api/v1/notifications/:id": { expect: signedIn(404, 404, 204), resource: "notification", consumes: ["notification"] },

  // AI usage: one's own records only.
  "GET /api/v1/ai-usage": { expect: own() },
  "GET /api/v1/ai-usage/cost": { expect: own(), query: `startDate=${day(-30)}&endDate=${day(0)}` },
  "GET /api/v1/ai-usage/by-date-range": { expect: own(), query: `startDate=${day(-30)}&endDate=${day(0)}` },
  "GET /api/v1/ai-usage/credits": { expect: own() },

  // The assistant: proposals and conversations are their owner's alone.
  "POST /api/v1/agent/commands/chat": { expect: own(), isStream: true, body: () => ({ messages: [{ role: "user", content: "What do I have this week?" }], context: { timezone: "Europe/Lisbon" } }) },
  "GET /api/v1/agent/proposals/:id": { expect: signedIn(404, 404, 200), resource: "proposal" },
  "POST /api/v1/agent/proposals/:id/confirm": { expect: signedIn(404, 404, 200), resource: "proposal", body: () => ({}), consumes: ["proposal"] },
  "POST /api/v1/agent/proposals/:id/undo": { expect: signedIn(404, 404, 200), resource: "confirmedProposal", consumes: ["confirmedProposal"] },
  "POST /api/v1/agent/proposals/:id/cancel": { expect: signedIn(404, 404, 200), resource: "proposal", consumes: ["proposal"] },
  "GET /api/v1/agent/conversations": { expect: own() },
  "GET /api/v1/agent/conversations/:id": { expect: signedIn(404, 404, 200), resource: "conversation" },
  "DELETE /api/v1/agent/conversations/:id": { expect: signedIn(404, 404, 204), resource: "conversation", consumes: ["conversation"] },
  "DELETE /api/v1/agent/conversations": { expect: own(204), consumes: ["conversation", "proposal", "confirmedProposal"] },

  // Recipes and their ingredients are their owner's alone.
  "GET /api/v1/recipes/search": { expect: own(), query: "q=flour" },
  "PATCH /api/v1/recipes/ingredients/:id": { expect: signedIn(404, 404, 200), resource: "ingredient", body: () => ({ quantity: 3 }) },
  "DELETE /api/v1/recipes/ingredients/:id": { expect: signedIn(404, 404, 204), resource: "ingredient", consumes: ["ingredient"] },
  "GET /api/v1/recipes": { expect: own() },
  "POST /api/v1/recipes": { expect: own(201), body: (cell) => ({ title: `Bread of the ${cell.role}`, ingredients: [{ name: "Flour", quantity: 500, unit: "g" }] }) },
  "GET /api/v1/recipes/:id": { expect: signedIn(404, 404, 200), resource: "recipe" },
  "PATCH /api/v1/recipes/:id": { expect: signedIn(404, 404, 200), resource: "recipe", body: () => ({ servings: 4 }) },
  "DELETE /api/v1/recipes/:id": { expect: signedIn(404, 404, 204), resource: "recipe", consumes: ["recipe"] },
  "GET /api/v1/recipes/:id/ingredients": { expect: signedIn(404, 404, 200), resource: "recipe" },
  "POST /api/v1/recipes/:id/ingredients": { expect: signedIn(404, 404, 201), resource: "recipe", body: () => ({ name: "Salt" }) },

  // Calendar: one's own calendar; another's busy times only through availability (not shared
  // with a stranger); the operators' view refuses everyone not listed as an operator.
  "GET /api/v1/calendar/events": { expect: own() },
  "POST /api/v1/calendar/free-busy": { expect: own(), body: timeWindow },
  "GET /api/v1/calendar/admin/jobs": { expect: own(403) },
  "POST /api/v1/calendar/admin/jobs/:id/retry": { expect: own(403) },
  "GET /api/v1/auth/tokens": { expect: own() },
  // Disconnect acts on the caller's own connection only (nobody else's is named); last of the calendar cells' successes.
  "DELETE /api/v1/auth/tokens": { expect: own(204) },
  "POST /api/v1/calendar/availability": { expect: own(), body: () => ({ ...timeWindow(), user_ids: [] }) },

  // Profile: one's own.
  "GET /api/v1/users/me": { expect: own() },
  "GET /api/v1/users/me/settings": { expect: own() },
  "PATCH /api/v1/users/me/settings": { expect: own(), body: () => ({ share_free_busy: true }) },

  // Second factors are their owner's alone: a well-formed code for someone else's factor is a 404
  // (a wrong code would be a 400).
  "GET /api/v1/users/me/factors": { expect: own() },
  "POST /api/v1/users/me/factors": { expect: own(201), body: () => ({ factor_type: "totp" }), consumes: ["factor"] },
  "POST /api/v1/users/me/factors/:id/verify": { expect: signedIn(404, 404, 200), resource: "factor", body: (cell) => ({ code: cell.role === "creator" ? cell.resource?.app?.nextCode() : "000000" }), consumes: ["factor"],
    // Now verified: the resource the unenroll cells need (its recovery codes are shown only here).
    onSuccess: (cell, body) => cell.remember("verifiedFactor", { ...cell.resource!, recoveryCodes: body.recovery_codes }),
  },
  "POST /api/v1/users/me/factors/:id/unenroll": { expect: signedIn(404, 404, 204), resource: "verifiedFactor", body: (cell) => ({ recovery_code: cell.resource?.recoveryCodes?.shift() ?? "" }), consumes: ["verifiedFactor"] },

  // The BFF's own routes.
  "GET /healthz": { expect: everyone(200) },
  "GET /readyz": { expect: everyone(200) },
  "GET /metrics": { expect: everyone(200) },
  "GET /.well-known/jwks.json": { expect: everyone(200) },
  "GET /api/v1/openapi.json": { expect: everyone(200) },
  "GET /api/v1/docs": { expect: everyone(200) },
  "GET /api/v1/auth/login": { expect: everyone(302) },
  // Without a state: back to the app with an error, or (signed in) on to the app; never a session change.
  "GET /api/v1/auth/callback": { expect: everyone(302) },
  "GET /api/v1/auth/session": { expect: own() },
  // Only the browser with a pending sign-in (its own cookie) may answer the second-factor step.
  "POST /api/v1/auth/mfa/verify": { expect: everyone(401), body: () => ({ code: "123456" }) },
  "POST /api/v1/auth/logout": { expect: everyone(204), consumes: ["session"] },
  "GET /api/v1/notifications/stream": { expect: own(), isStream: true },
  // Google's, not a person's: without a channel's headers the calendar names the missing one.
  "POST /api/v1/google/calendar/notifications": { expect: everyone(400) },
};

const keyOf = (method: string, path: string) => `${method} ${path}`;

describe("the authorization matrix", () => {
  let full: FullWorld;
  let cast: { creator: Person; reviewer: Person; stranger: Person };
  const resources = new Map<Kind, Resource>();
  /** Every id of the creator's resources, ever: none may reach the stranger. */
  const creatorIds = new Set<string>();

  const world = () => full.world;

  async function signIn(name: string, email = freshEmail(name.toLowerCase())): Promise<Person> {
    const browser = await world().signedIn(email, name);
    const id = (await browser.json("GET", "/api/v1/auth/session")).body.user.id as string;
    // The relationships service learns of a new user from identity's events.
    await eventually(async () => (await world().services.relationships!.db.collection("users").countDocuments({ _id: id as never })) === 1);
    return { browser, id, email, name };
  }

  async function ok(person: Person, method: string, path: string, body?: unknown): Promise<any> {
    const answer = await person.browser.json(method, path, body);
    if (answer.status >= 300) throw new Error(`fixture: ${method} ${path} as ${person.name} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async function connect(from: Person, to: Person): Promise<string> {
    const sent = await ok(from, "POST", "/api/v1/relationship-requests", { requested_email: to.email });
    const approved = await ok(to, "POST", `/api/v1/relationship-requests/${sent.relationship_request.id}/approve`);
    const relationshipId = approved.relationship.id as string;
    // The events service must know them connected before the creator names the reviewer.
    await eventually(async () => (await world().services.events!.db.collection("relationships").countDocuments({ _id: relationshipId as never, is_deleted: false })) === 1);
    return relationshipId;
  }

  /** A proposal card from the assistant (offline mode): lunch with the reviewer. */
  async function propose(): Promise<{ proposalId: string; conversationId: string }> {
    const { creator, reviewer } = cast;
    const response = await creator.browser.call("POST", "/api/v1/agent/commands/chat", {
      messages: [{ role: "user", content: `Lunch with ${reviewer.name} next Friday at 1pm` }],
      context: { timezone: "Europe/Lisbon" },
    }, { headers: { accept: "text/event-stream" } });
    const text = await response.text();
    const events = text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => JSON.parse(line.slice(5)) as { type: string; proposal?: { id: string }; conversation_id?: string });
    const proposalId = events.find((event) => event.type === "proposal")?.proposal?.id;
    const conversationId = events.find((event) => event.type === "conversation")?.conversation_id;
    if (response.status !== 200 || !proposalId || !conversationId) throw new Error(`fixture: no proposal from the assistant: ${response.status} ${text}`);
    return { proposalId, conversationId };
  }

  const builders: Record<Kind, () => Promise<Resource>> = {
    relationship: async () => ({ id: await connect(cast.creator, cast.reviewer) }),
    eventRequest: async () => {
      await live("relationship");
      const created = await ok(cast.creator, "POST", "/api/v1/event-requests", eventBody("Lunch", [{ user_id: cast.reviewer.id, required: true }]));
      return { id: created.event_request.id };
    },
    relationshipRequest: async () => {
      // A pending request needs someone the creator is not connected with: a new person each time.
      const recipient = await signIn("Rita");
      const sent = await ok(cast.creator, "POST", "/api/v1/relationship-requests", { requested_email: recipient.email });
      return { id: sent.relationship_request.id, reviewer: recipient };
    },
    notification: async () => ({ id: (await ok(cast.creator, "POST", "/api/v1/notifications", { title: "Remember the lunch" })).notification.id }),
    recipe: async () => ({ id: (await ok(cast.creator, "POST", "/api/v1/recipes", { title: "Bread", ingredients: [{ name: "Flour", quantity: 500, unit: "g" }] })).recipe.id }),
    ingredient: async () => {
      const recipe = await live("recipe");
      return { id: (await ok(cast.creator, "GET", `/api/v1/recipes/${recipe.id}/ingredients`)).ingredients[0].id };
    },
    proposal: async () => {
      await live("relationship");
      return { id: (await propose()).proposalId };
    },
    confirmedProposal: async () => {
      await live("relationship");
      const { proposalId } = await propose();
      await ok(cast.creator, "POST", `/api/v1/agent/proposals/${proposalId}/confirm`, {});
      return { id: proposalId };
    },
    conversation: async () => {
      await live("relationship");
      return { id: (await propose()).conversationId };
    },
    factor: async () => {
      const enrolled = await ok(cast.creator, "POST", "/api/v1/users/me/factors", { factor_type: "totp" });
      return { id: enrolled.factor.id, app: authenticatorApp(enrolled.totp.secret) };
    },
    verifiedFactor: async () => {
      // Verified, the factor is asked for at every sign-in of the creator's until it is turned off.
      const factor = await builders.factor();
      const verified = await ok(cast.creator, "POST", `/api/v1/users/me/factors/${factor.id}/verify`, { code: await factor.app?.nextCode() });
      return { ...factor, recoveryCodes: verified.recovery_codes };
    },
  };

  async function live(kind: Kind): Promise<Resource> {
    let found = resources.get(kind);
    if (!found) {
      found = await builders[kind]();
      resources.set(kind, found);
      creatorIds.add(found.id);
    }
    return found;
  }

  function usedUp(kind: Kind): void {
    resources.delete(kind);
    for (const dependent of DEPENDENTS[kind] ?? []) usedUp(dependent);
  }

  beforeAll(async () => {
    full = await createFullWorld("bff-authz", { RATE_LIMIT_CHAT_PER_MINUTE: "1000" });
    cast = { creator: await signIn("Ana"), reviewer: await signIn("Bruno"), stranger: await signIn("Eva") };
  }, 180_000);
  afterAll(async () => full?.close());

  /** Catalogue routes, then the BFF's own (its router, minus middleware and the catalogue). */
  function routesToWalk(): { method: string; path: string; spec?: RouteSpec }[] {
    const catalogue = ROUTES.map((spec) => ({ method: spec.method, path: spec.path, spec }));
    const catalogued = new Set(catalogue.map(({ method, path }) => keyOf(method, path)));
    const own = new Map<string, { method: string; path: string }>();
    for (const { method, path } of world().bff.bff.app.routes) {
      if (method === "ALL" || catalogued.has(keyOf(method, path))) continue;
      own.set(keyOf(method, path), { method, path });
    }
    return [...catalogue, ...own.values()];
  }

  it("has an expectation for every route the BFF answers, and none for a route it does not", () => {
    const walked = routesToWalk().map(({ method, path }) => keyOf(method, path));
    expect(walked.filter((key) => !(key in EXPECTATIONS)), "routes without an expectation").toEqual([]);
    expect(Object.keys(EXPECTATIONS).filter((key) => !walked.includes(key)), "expectations for no route").toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(ROUTES.length + 9);
  });

  it("documents every route the BFF answers in its OpenAPI document", () => {
    const { paths } = buildOpenApiDocument();
    const undocumented = routesToWalk().filter(({ method, path }) => !paths[toOpenApiPath(path)]?.[method.toLowerCase() as "get"]);
    expect(undocumented.map(({ method, path }) => keyOf(method, path))).toEqual([]);
  });

  it("answers every route as expected for anonymous, stranger, reviewer and creator", async () => {
    const actual: Record<string, Statuses> = {};
    const expected: Record<string, Statuses> = {};
    const contractBreaks: string[] = [];
    const leaks: string[] = [];

    for (const route of routesToWalk()) {
      const key = keyOf(route.method, route.path);
      const expectation = EXPECTATIONS[key];
      if (!expectation) continue; // reported by the test above
      expected[key] = expectation.expect;
      const statuses = {} as Statuses;
      // Refusals first: the success after them shows they changed nothing.
      const order = [...ROLES].sort((a, b) => Number(isSuccess(expectation.expect[a])) - Number(isSuccess(expectation.expect[b])));
      let hasUsedUp = false;

      for (const role of order) {
        if (hasUsedUp && isSuccess(expectation.expect[role])) {
          for (const kind of expectation.consumes ?? []) if (kind !== "session") usedUp(kind);
          hasUsedUp = false;
        }
        const resource = expectation.resource ? await live(expectation.resource) : undefined;
        const person = role === "anonymous" ? undefined : role === "reviewer" ? (resource?.reviewer ?? cast.reviewer) : cast[role];
        const browser = person?.browser ?? world().browser();
        const cell: Cell = { role, person, browser, resource, remember: (kind, made) => void resources.set(kind, made) };
        const path = route.path.replace(/:id\b/, resource?.id ?? `nothing-${randomUUID().slice(0, 8)}.create`) + (expectation.query ? `?${expectation.query}` : "");
        const body = await resolved(expectation.body?.(cell));

        const response = await browser.call(route.method, path, body, expectation.isStream ? { headers: { accept: "text/event-stream" } } : {});
        statuses[role] = response.status;
        let text = "";
        if (expectation.isStream && response.ok && route.path.endsWith("/stream")) await response.body?.cancel();
        else text = await response.text();

        if (isSuccess(response.status)) {
          hasUsedUp = (expectation.consumes ?? []).length > 0;
          const schema = route.spec?.success.schema;
          const json = text && !expectation.isStream && (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : undefined;
          if (schema && json !== undefined) {
            const parsed = schema.safeParse(json);
            if (!parsed.success) contractBreaks.push(`${key} as ${role}: ${parsed.error.message}`);
          }
          expectation.onSuccess?.(cell, json);
          if (expectation.consumes?.includes("session") && person) person.browser = (await signIn(person.name, person.email)).browser;
        }
        if (role === "stranger") {
          for (const secret of [...creatorIds, cast.creator.email]) if (text.includes(secret)) leaks.push(`${key}: the stranger got ${secret}`);
        }
      }
      actual[key] = statuses;
      if (hasUsedUp) for (const kind of expectation.consumes ?? []) if (kind !== "session") usedUp(kind);
    }

    expect(actual).toEqual(expected);
    expect(contractBreaks).toEqual([]);
    expect(leaks).toEqual([]);
  }, 600_000);
});

/** A body whose fields may still be coming (a code from the authenticator app). */
async function resolved(body: unknown): Promise<unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(await Promise.all(Object.entries(body).map(async ([key, value]) => [key, await value])));
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
