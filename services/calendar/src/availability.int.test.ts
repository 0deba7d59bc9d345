import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEvent } from "@amia/kit";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { createIdentityService } from "../../identity/src/app.ts";
import { connectGoogleAccount, mountCalendarService } from "./testing/calendar-service.ts";

/*
 * Mutual free time with consent, over real Kafka and the MongoDB-wire database: people save
 * their settings at the identity service, whose user.settings-updated reaches the calendar
 * service's projection; relationships arrive as the relationships service announces them; busy
 * times come from each person's calendar in the Google stand-in.
 */

let harness: TestHarness;
let google: GoogleStandIn;
let identity: MountedService;
let calendar: MountedService;

beforeEach(async () => {
  harness = await createTestHarness("availability");
  google = await createGoogleStandIn({ acceptUnknownRefreshTokens: false });
  identity = await harness.mount("identity", createIdentityService);
  calendar = await mountCalendarService(harness, google);
});
afterEach(async () => {
  await harness.close();
  await google.close();
});

interface Person {
  id: string;
  /** The refresh token naming their account in the stand-in; null without a Google connection. */
  googleAccount: string | null;
}

/** Someone who signed in (identity) and, unless told otherwise, connected their Google calendar. */
async function person(name: string, { withGoogle = true } = {}): Promise<Person> {
  const signedIn = await identity.asService("bff").post("/internal/users/sign-in", {
    issuer: "https://accounts.google.com",
    provider: "google",
    email_verified: true,
    subject: randomUUID(),
    email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
    name,
  });
  const id: string = signedIn.body.user.id;
  if (!withGoogle) return { id, googleAccount: null };
  const issued = await connectGoogleAccount(harness, calendar, google, id);
  return { id, googleAccount: issued.refresh_token };
}

/** An event put in the person's Google calendar from elsewhere (their phone, say). */
async function busyInGoogle(who: Person, summary: string, start: string, end: string): Promise<void> {
  const { access_token } = google.tokens.issue(who.googleAccount!);
  const response = await fetch(`${google.calendarApiUrl}/calendars/primary/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ summary, description: `${summary}, details`, location: "Rua Secreta 1", start: { dateTime: start }, end: { dateTime: end } }),
  });
  expect(response.status).toBe(200);
}

async function saveSettings(who: Person, body: object): Promise<void> {
  expect((await identity.as({ id: who.id }).patch("/api/v1/users/me/settings", body)).status).toBe(200);
}

/** What the relationships service announces when two people connect, or disconnect. */
async function connect(a: Person, b: Person): Promise<string> {
  const relationshipId = randomUUID();
  const party = (who: Person) => ({ user_id: who.id, full_name: null, email: `${who.id.slice(0, 8)}@example.com` });
  await harness.bus.publish([
    createEvent("relationships", "relationship.created", {
      subject: relationshipId,
      actor_id: b.id,
      data: { relationship_id: relationshipId, users: [party(a), party(b)], request_id: null, created_at: new Date().toISOString() },
    }),
  ]);
  return relationshipId;
}

async function disconnect(relationshipId: string, a: Person, b: Person): Promise<void> {
  await harness.bus.publish([createEvent("relationships", "relationship.deleted", { subject: relationshipId, actor_id: a.id, data: { relationship_id: relationshipId, user_ids: [a.id, b.id] } })]);
}

const window = { timeMin: "2026-03-16T00:00:00Z", timeMax: "2026-03-21T00:00:00Z" };
const availability = (caller: Person, others: Person[]) => calendar.as({ id: caller.id }).post("/api/v1/calendar/availability", { ...window, user_ids: others.map((other) => other.id) });
/** The answer about `other` once `probe` holds for it (the projection follows the events). */
const once = async (caller: Person, other: Person, probe: (entry: any) => boolean) =>
  eventually(async () => {
    const response = await availability(caller, [other]);
    const entry = response.body.people?.find((candidate: { user_id: string }) => candidate.user_id === other.id);
    return entry && probe(entry) ? response : undefined;
  });

describe("calendar availability: whose busy times a caller sees", () => {
  it("gives a connection's busy times when they share them, with no event detail, and the caller's own", async () => {
    // Given Ana and Bruno, connected; Bruno shares his free/busy and has a private appointment
    const [ana, bruno] = [await person("Ana"), await person("Bruno")];
    await busyInGoogle(ana, "Dentist", "2026-03-16T09:00:00Z", "2026-03-16T10:00:00Z");
    await busyInGoogle(bruno, "Divorce lawyer", "2026-03-17T14:00:00Z", "2026-03-17T15:30:00Z");
    await saveSettings(bruno, { share_free_busy: true, time_zone: "Europe/Lisbon", working_hours: { start: "08:00", end: "16:00", days: ["mon", "tue", "wed"] } });
    await connect(ana, bruno);

    // When Ana asks for both availabilities
    const response = await once(ana, bruno, (entry) => entry.shared);

    // Then she gets her busy time and Bruno's, and Bruno's zone and hours, but nothing about his appointment
    expect(response.status).toBe(200);
    expect(response.body.people).toEqual([
      { user_id: ana.id, time_zone: null, working_hours: { start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] }, shared: true, reason: null, busy: [{ start: "2026-03-16T09:00:00.000Z", end: "2026-03-16T10:00:00.000Z" }] },
      { user_id: bruno.id, time_zone: "Europe/Lisbon", working_hours: { start: "08:00", end: "16:00", days: ["mon", "tue", "wed"] }, shared: true, reason: null, busy: [{ start: "2026-03-17T14:00:00.000Z", end: "2026-03-17T15:30:00.000Z" }] },
    ]);
    const text = JSON.stringify(response.body);
    for (const detail of ["Divorce lawyer", "details", "Rua Secreta"]) expect(text).not.toContain(detail);
  });

  it("says not_shared, with no busy times, for a connection who does not share them (the default)", async () => {
    const [ana, bruno] = [await person("Ana"), await person("Bruno")];
    await busyInGoogle(bruno, "Divorce lawyer", "2026-03-17T14:00:00Z", "2026-03-17T15:30:00Z");
    await saveSettings(bruno, { time_zone: "Asia/Tokyo" });
    await connect(ana, bruno);

    // Bruno's zone shows once both his settings and the connection have reached the calendar service.
    const response = await once(ana, bruno, (entry) => entry.time_zone === "Asia/Tokyo");

    const entry = response.body.people[1];
    expect(entry).toEqual({ user_id: bruno.id, time_zone: "Asia/Tokyo", working_hours: { start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] }, shared: false, reason: "not_shared" });
    expect(JSON.stringify(response.body)).not.toContain("Divorce lawyer");
    expect(google.calls().filter((call) => call.path.endsWith("/freeBusy") && call.user === bruno.googleAccount)).toEqual([]);
  });

  it("says not_connected, and nothing of their settings, for someone who shares only with others", async () => {
    // Given Sara, who shares her free/busy with her connection Carl, and Ana, a stranger to her
    const [ana, sara, carl] = [await person("Ana"), await person("Sara"), await person("Carl")];
    await busyInGoogle(sara, "Therapy", "2026-03-16T11:00:00Z", "2026-03-16T12:00:00Z");
    await saveSettings(sara, { share_free_busy: true, time_zone: "Europe/Berlin" });
    await connect(sara, carl);
    await once(carl, sara, (entry) => entry.shared);

    // When Ana asks for Sara's
    const response = await availability(ana, [sara]);

    // Then she learns only that they are not connected
    expect(response.status).toBe(200);
    expect(response.body.people[1]).toEqual({ user_id: sara.id, time_zone: null, working_hours: null, shared: false, reason: "not_connected" });
    expect(JSON.stringify(response.body)).not.toContain("Therapy");
  });

  it("stops sharing as soon as the person switches it off or the relationship ends", async () => {
    const [ana, bruno, dora] = [await person("Ana"), await person("Bruno"), await person("Dora")];
    await busyInGoogle(bruno, "Gym", "2026-03-16T18:00:00Z", "2026-03-16T19:00:00Z");
    for (const who of [bruno, dora]) await saveSettings(who, { share_free_busy: true });
    await connect(ana, bruno);
    const withDora = await connect(ana, dora);
    await once(ana, bruno, (entry) => entry.shared);
    await once(ana, dora, (entry) => entry.shared);

    await saveSettings(bruno, { share_free_busy: false });
    await disconnect(withDora, ana, dora);

    const brunoAfter = await once(ana, bruno, (entry) => !entry.shared);
    expect(brunoAfter.body.people[1]).toMatchObject({ shared: false, reason: "not_shared" });
    expect(brunoAfter.body.people[1]).not.toHaveProperty("busy");
    const doraAfter = await once(ana, dora, (entry) => !entry.shared);
    expect(doraAfter.body.people[1]).toMatchObject({ shared: false, reason: "not_connected", working_hours: null });
  });

  it("says calendar_not_connected for a sharing connection whose Google calendar we cannot read", async () => {
    const ana = await person("Ana");
    const eve = await person("Eve", { withGoogle: false });
    await saveSettings(eve, { share_free_busy: true, time_zone: "America/New_York" });
    await connect(ana, eve);

    const response = await once(ana, eve, (entry) => entry.time_zone === "America/New_York");

    expect(response.body.people[1]).toMatchObject({ shared: false, reason: "calendar_not_connected" });
    expect(response.body.people[1]).not.toHaveProperty("busy");
  });

  it("refuses a bad request with a 400 naming the field", async () => {
    const ana = await person("Ana");
    const fieldsOf = async (body: object) => {
      const response = await calendar.as({ id: ana.id }).post("/api/v1/calendar/availability", body);
      expect(response.status).toBe(400);
      return response.body.details.fields.map((field: { path: string }) => field.path);
    };

    expect(await fieldsOf({ ...window, user_ids: Array.from({ length: 6 }, () => randomUUID()) })).toEqual(["user_ids"]);
    expect(await fieldsOf({ timeMin: window.timeMax, timeMax: window.timeMin, user_ids: [] })).toEqual(["timeMax"]);
    expect(await fieldsOf({ timeMin: "2026-03-01T00:00:00Z", timeMax: "2026-05-01T00:00:00Z", user_ids: [] })).toEqual(["timeMax"]);
    expect((await calendar.anonymous.post("/api/v1/calendar/availability", { ...window, user_ids: [] })).status).toBe(401);
  });
});
