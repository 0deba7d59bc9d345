import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TDomainEvent } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createIdentityService } from "./app.ts";

let harness: TestHarness;
let identity: MountedService;
let published: TDomainEvent[];

beforeEach(async () => {
  harness = await createTestHarness("identity");
  identity = await harness.mount("identity", createIdentityService);
  published = [];
  await harness.bus.consumer({ groupId: "observer", handlers: {
    "user.registered": async (event) => void published.push(event),
    "user.updated": async (event) => void published.push(event),
    "user.settings-updated": async (event) => void published.push(event),
  } }).start();
});
afterEach(() => harness.close());

const google = { issuer: "https://accounts.google.com", provider: "google", email_verified: true };
const signIn = (body: Record<string, unknown>) => identity.asService("bff").post("/internal/users/sign-in", { ...google, ...body });

describe("identity: sign-in upsert", () => {
  it("creates the user on a first sign-in and announces user.registered", async () => {
    const response = await signIn({ subject: "g-1", email: " Ana.Silva@Example.com ", name: "Ana Silva" });

    expect(response.status).toBe(201);
    expect(response.body.is_new).toBe(true);
    const user = response.body.user;
    expect(user).toMatchObject({ subject: "g-1", email: "ana.silva@example.com", name: "Ana Silva", full_name: "Ana Silva", email_verified: true });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.last_sign_in_at).toBe(user.created_at);
    await eventually(() => published.length === 1);
    expect(published[0]).toMatchObject({ type: "user.registered", subject: user.id, data: { user_id: user.id, email: "ana.silva@example.com" } });
  });

  it("refreshes last_sign_in_at on a later sign-in, announcing user.updated only when the profile changed", async () => {
    const first = (await signIn({ subject: "g-2", email: "bob@example.com", name: "Bob" })).body.user;

    const again = await signIn({ subject: "g-2", email: "bob@example.com", name: "Bob" });
    expect(again.status).toBe(200);
    expect(again.body.is_new).toBe(false);
    expect(again.body.user.id).toBe(first.id);
    expect(again.body.user.last_sign_in_at >= first.last_sign_in_at).toBe(true);

    const renamed = await signIn({ subject: "g-2", email: "bob@example.com", name: "Robert" });
    expect(renamed.body.user).toMatchObject({ id: first.id, name: "Robert", created_at: first.created_at });

    await eventually(() => published.length === 2);
    expect(published.map((event) => event.type)).toEqual(["user.registered", "user.updated"]);
    expect(published[1]!.data).toMatchObject({ user_id: first.id, name: "Robert" });
  });

  it("makes one user of concurrent first sign-ins of the same identity", async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => signIn({ subject: "g-3", email: "cy@example.com" })));

    expect(new Set(responses.map((response) => response.body.user.id)).size).toBe(1);
    expect(responses.filter((response) => response.body.is_new)).toHaveLength(1);
    await eventually(() => published.some((event) => event.type === "user.registered"));
    expect(await identity.db.collection("users").countDocuments({ subject: "g-3" })).toBe(1);
  });

  it("names the bad fields of a malformed sign-in and stores nothing", async () => {
    const response = await identity.asService("bff").post("/internal/users/sign-in", { issuer: "", subject: "g-4", provider: "google", email: "not-an-email" });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.details.fields.map((field: { path: string }) => field.path).sort()).toEqual(["email", "email_verified", "issuer"]);
    expect(await identity.db.collection("users").countDocuments()).toBe(0);
  });

  it("accepts sign-ins only from a service, never with a user's token", async () => {
    const response = await identity.as({ id: "someone" }).post("/internal/users/sign-in", { ...google, subject: "g-5", email: "x@example.com" });
    expect(response.status).toBe(403);
  });
});

describe("identity: reading users", () => {
  it("gives a signed-in user their own profile, and 404 to a user it does not know", async () => {
    const ana = (await signIn({ subject: "g-6", email: "ana@example.com", name: "Ana" })).body.user;

    const me = await identity.as({ id: ana.id }).get("/api/v1/users/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(ana);
    expect((await identity.as({ id: "ghost" }).get("/api/v1/users/me")).status).toBe(404);
    expect((await identity.anonymous.get("/api/v1/users/me")).status).toBe(401);
  });

  it("finds a user by email for other services, however the email is typed", async () => {
    const ana = (await signIn({ subject: "g-7", email: "ana@example.com" })).body.user;

    const found = await identity.asService("relationships").get(`/internal/users/by-email?email=${encodeURIComponent(" ANA@example.com")}`);
    expect(found.status).toBe(200);
    expect(found.body.user.id).toBe(ana.id);
    expect((await identity.asService("relationships").get("/internal/users/by-email?email=nobody@example.com")).status).toBe(404);
    expect((await identity.asService("relationships").get("/internal/users/by-email?email=nope")).status).toBe(400);
    expect((await identity.as({ id: ana.id }).get("/internal/users/by-email?email=ana@example.com")).status).toBe(403);
  });
});

describe("identity: settings", () => {
  const settingsOf = (userId: string) => identity.as({ id: userId }).get("/api/v1/users/me/settings");
  const patch = (userId: string, body: unknown) => identity.as({ id: userId }).patch("/api/v1/users/me/settings", body);

  it("gives the defaults to a user who never saved any: the browser's zone, 09:00–17:00 Mon–Fri, sharing off", async () => {
    const ana = (await signIn({ subject: "g-s1", email: "ana@example.com" })).body.user;

    const response = await settingsOf(ana.id);

    expect(response).toEqual({
      status: 200,
      body: { settings: { time_zone: null, working_hours: { start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] }, share_free_busy: false, updated_at: null } },
    });
    expect((await settingsOf("ghost")).status).toBe(404);
    expect((await identity.anonymous.get("/api/v1/users/me/settings")).status).toBe(401);
  });

  it("saves a partial change, keeps the rest, and announces the whole settings in user.settings-updated", async () => {
    const ana = (await signIn({ subject: "g-s2", email: "ana@example.com" })).body.user;

    const first = await patch(ana.id, { time_zone: "Europe/Lisbon", share_free_busy: true });
    const second = await patch(ana.id, { working_hours: { start: "08:30", end: "16:00", days: ["fri", "mon", "mon"] } });

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const expected = { time_zone: "Europe/Lisbon", share_free_busy: true, working_hours: { start: "08:30", end: "16:00", days: ["mon", "fri"] } };
    expect(second.body.settings).toMatchObject(expected);
    expect((await settingsOf(ana.id)).body.settings).toEqual(second.body.settings);
    const settingsEvents = await eventually(() => {
      const found = published.filter((event) => event.type === "user.settings-updated");
      return found.length === 2 && found;
    });
    expect(settingsEvents[1]).toMatchObject({ subject: ana.id, actor_id: ana.id, data: { user_id: ana.id, ...expected, updated_at: second.body.settings.updated_at } });
    // The profile is untouched, and a later sign-in keeps the settings.
    await signIn({ subject: "g-s2", email: "ana@example.com", name: "Ana" });
    expect((await settingsOf(ana.id)).body.settings).toEqual(second.body.settings);
  });

  it("refuses bad settings with a 400 naming the field, and saves nothing", async () => {
    const ana = (await signIn({ subject: "g-s3", email: "ana@example.com" })).body.user;
    const badFields = async (body: unknown) => {
      const response = await patch(ana.id, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("validation_failed");
      return response.body.details.fields.map((field: { path: string }) => field.path);
    };

    expect(await badFields({ working_hours: { start: "17:00", end: "09:00", days: ["mon"] } })).toEqual(["working_hours.end"]);
    expect(await badFields({ working_hours: { start: "09:00", end: "17:00", days: [] } })).toEqual(["working_hours.days"]);
    expect(await badFields({ working_hours: { start: "9am", end: "17:00", days: ["mon"] } })).toEqual(["working_hours.start"]);
    expect(await badFields({ time_zone: "Mars/Olympus_Mons" })).toEqual(["time_zone"]);
    expect(await badFields({ time_zone: "+05:00" })).toEqual(["time_zone"]);
    expect(await badFields({ share_free_busy: "yes" })).toEqual(["share_free_busy"]);
    expect((await patch(ana.id, {})).status).toBe(400);
    expect((await patch(ana.id, { colour: "blue" })).status).toBe(400);
    expect((await settingsOf(ana.id)).body.settings.updated_at).toBeNull();
  });
});
