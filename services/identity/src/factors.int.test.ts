import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZEnrollFactorResponseSchema, ZListFactorsResponseSchema, ZVerifyFactorResponseSchema } from "@amia/contracts";
import { createTestHarness, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createIdentityService } from "./app.ts";
import { base32Decode } from "./domain/totp.ts";
import { FACTORS_COLLECTION } from "./store/factors-store.ts";
import { authenticatorApp } from "./testing/authenticator-app.ts";

let harness: TestHarness;
let identity: MountedService;

beforeEach(async () => {
  harness = await createTestHarness("identity-factors");
  identity = await harness.mount("identity", createIdentityService);
});
afterEach(() => harness.close());

/** A user as the BFF's sign-in creates them; returns the upsert's answer. */
async function signIn(email: string) {
  const response = await identity.asService("bff").post("/internal/users/sign-in", { issuer: "https://accounts.google.com", subject: `g-${email}`, provider: "google", email, email_verified: true });
  expect([200, 201]).toContain(response.status);
  return response.body;
}

async function newUser() {
  const email = `ana-${randomUUID().slice(0, 8)}@example.com`;
  const { user } = await signIn(email);
  return { id: user.id as string, email, client: identity.as({ id: user.id, email }) };
}

/** Enrolls and verifies a TOTP factor; returns the app holding its secret and the recovery codes. */
async function withFactor(user: Awaited<ReturnType<typeof newUser>>) {
  const enrolled = ZEnrollFactorResponseSchema.parse((await user.client.post("/api/v1/users/me/factors", { factor_type: "totp" })).body);
  const app = authenticatorApp(enrolled.totp.secret);
  const verified = await user.client.post(`/api/v1/users/me/factors/${enrolled.factor.id}/verify`, { code: await app.nextCode() });
  expect(verified.status).toBe(200);
  return { factorId: enrolled.factor.id, app, recoveryCodes: ZVerifyFactorResponseSchema.parse(verified.body).recovery_codes, secret: enrolled.totp.secret };
}

const challenge = (userId: string, proof: unknown) => identity.asService("bff").post(`/internal/users/${userId}/factors/challenge`, proof);
const fieldsOf = (body: { details?: { fields?: Array<{ path: string }> } }) => (body.details?.fields ?? []).map((field) => field.path);

describe("identity: a TOTP second factor", () => {
  it("enrolls with a secret shown once, verifies with the first code, and gives ten recovery codes", async () => {
    const ana = await newUser();
    expect((await ana.client.get("/api/v1/users/me/factors")).body).toEqual({ factors: [] });

    // Enroll: an unverified factor, its secret and the otpauth URI answered this once.
    const enrolled = await ana.client.post("/api/v1/users/me/factors", { factor_type: "totp" });
    expect(enrolled.status).toBe(201);
    const { factor, totp } = ZEnrollFactorResponseSchema.parse(enrolled.body);
    expect(factor).toMatchObject({ factor_type: "totp", status: "unverified", verified_at: null, recovery_codes_left: 0 });
    expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.uri).toBe(`otpauth://totp/Amia:${encodeURIComponent(ana.email)}?secret=${totp.secret}&issuer=Amia&algorithm=SHA1&digits=6&period=30`);
    expect(ZListFactorsResponseSchema.parse((await ana.client.get("/api/v1/users/me/factors")).body).factors).toEqual([factor]);
    expect(JSON.stringify((await ana.client.get("/api/v1/users/me/factors")).body)).not.toContain(totp.secret);

    // A wrong first code: 400 naming `code`, still unverified.
    const app = authenticatorApp(totp.secret);
    const wrong = await ana.client.post(`/api/v1/users/me/factors/${factor.id}/verify`, { code: app.wrongCode() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("validation_failed");
    expect(fieldsOf(wrong.body)).toEqual(["code"]);
    expect((await ana.client.post(`/api/v1/users/me/factors/${factor.id}/verify`, { code: "12345" })).status).toBe(400);

    // The right one (typed with a space, as apps show it): verified, with ten recovery codes.
    const code = await app.nextCode();
    const verified = await ana.client.post(`/api/v1/users/me/factors/${factor.id}/verify`, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(verified.status).toBe(200);
    const { factor: after, recovery_codes } = ZVerifyFactorResponseSchema.parse(verified.body);
    expect(after).toMatchObject({ id: factor.id, status: "verified", recovery_codes_left: 10 });
    expect(after.verified_at).toBeTruthy();
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    expect((await ana.client.get("/api/v1/users/me/factors")).body.factors).toEqual([after]);

    // From now on a sign-in tells the BFF there is a verified factor.
    expect((await signIn(ana.email)).factors).toEqual([after]);
    // And setting up another is refused while this one is on.
    expect((await ana.client.post("/api/v1/users/me/factors", { factor_type: "totp" })).status).toBe(409);
  });

  it("keeps the secret sealed and the recovery codes only as keyed hashes in the database", async () => {
    const ana = await newUser();
    const { factorId, recoveryCodes, secret } = await withFactor(ana);

    const stored = await identity.db.collection(FACTORS_COLLECTION).findOne({ _id: factorId as never });
    const raw = JSON.stringify(stored);
    expect(stored).toMatchObject({ user_id: ana.id, status: "verified" });
    expect(stored!.secret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // Neither the secret as shown (base32), nor its bytes in any usual encoding, nor any recovery code.
    const bytes = base32Decode(secret);
    for (const form of [secret, secret.toLowerCase(), bytes.toString("base64url"), bytes.toString("base64"), bytes.toString("hex")]) expect(raw).not.toContain(form);
    for (const code of recoveryCodes) {
      expect(raw).not.toContain(code);
      expect(raw).not.toContain(code.replace(/-/g, ""));
    }
    expect(stored!.recovery_codes).toHaveLength(10);
  });

  it("passes a sign-in's challenge with a current code once: the same code again is a replay", async () => {
    const ana = await newUser();
    const { app } = await withFactor(ana);

    const code = await app.nextCode();
    const passed = await challenge(ana.id, { code });
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({ method: "totp", factor: { status: "verified" } });

    const replayed = await challenge(ana.id, { code });
    expect(replayed.status).toBe(400);
    expect(fieldsOf(replayed.body)).toEqual(["code"]);
    expect(replayed.body.message).toMatch(/used already/);
    // A user's token cannot reach the internal route.
    expect((await ana.client.post(`/internal/users/${ana.id}/factors/challenge`, { code: await app.nextCode() })).status).toBe(403);
  });

  it("takes a recovery code once, however it is typed, and not twice", async () => {
    const ana = await newUser();
    const { recoveryCodes } = await withFactor(ana);
    const [first, second] = recoveryCodes;

    const used = await challenge(ana.id, { recovery_code: first!.toUpperCase().replace(/-/g, " ") });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ method: "recovery_code", factor: { recovery_codes_left: 9 } });

    const again = await challenge(ana.id, { recovery_code: first });
    expect(again.status).toBe(400);
    expect(fieldsOf(again.body)).toEqual(["recovery_code"]);
    expect((await challenge(ana.id, { recovery_code: second })).status).toBe(200);
    expect((await ana.client.get("/api/v1/users/me/factors")).body.factors[0].recovery_codes_left).toBe(8);
    // Not both, not neither.
    expect(fieldsOf((await challenge(ana.id, {})).body)).toEqual(["code"]);
    expect(fieldsOf((await challenge(ana.id, { code: "123456", recovery_code: recoveryCodes[2] })).body)).toEqual(["recovery_code"]);
  });

  it("refuses the sixth wrong code in 15 minutes with 429, then even the right one, for that user only", async () => {
    const ana = await newUser();
    const bob = await newUser();
    const anas = await withFactor(ana);
    const bobs = await withFactor(bob);

    for (let i = 0; i < 5; i++) expect((await challenge(ana.id, { code: anas.app.wrongCode() })).status).toBe(400);
    const limited = await challenge(ana.id, { code: anas.app.wrongCode() });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "rate_limited" });
    expect(limited.body.message).toMatch(/^Too many wrong codes: try again in 1[45] minutes$/);
    expect((await challenge(ana.id, { code: await anas.app.nextCode() })).status).toBe(429);
    expect((await challenge(ana.id, { recovery_code: anas.recoveryCodes[0] })).status).toBe(429);
    expect((await ana.client.post(`/api/v1/users/me/factors/${anas.factorId}/unenroll`, { recovery_code: anas.recoveryCodes[0] })).status).toBe(429);

    // Bob's tries are his own.
    expect((await challenge(bob.id, { code: await bobs.app.nextCode() })).status).toBe(200);
  });

  it("counts parallel guesses: of twenty wrong codes at once, only five are checked", async () => {
    const ana = await newUser();
    const { app } = await withFactor(ana);

    const answers = await Promise.all(Array.from({ length: 20 }, () => challenge(ana.id, { code: app.wrongCode() })));

    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
  });

  it("gives a right code's try back: right codes in between do not bring the limit closer", async () => {
    const ana = await newUser();
    const { app, recoveryCodes } = await withFactor(ana);

    for (let i = 0; i < 4; i++) expect((await challenge(ana.id, { code: app.wrongCode() })).status).toBe(400);
    for (const code of recoveryCodes.slice(0, 3)) expect((await challenge(ana.id, { recovery_code: code })).status).toBe(200);
    expect((await challenge(ana.id, { code: app.wrongCode() })).status).toBe(400);
    expect((await challenge(ana.id, { code: app.wrongCode() })).status).toBe(429);
  });

  it("turns off only with a current code or a recovery code, and never another user's factor", async () => {
    const ana = await newUser();
    const mallory = await newUser();
    const { factorId, app } = await withFactor(ana);
    const unenroll = (client: typeof ana.client, proof: unknown) => client.post(`/api/v1/users/me/factors/${factorId}/unenroll`, proof);

    expect(fieldsOf((await unenroll(ana.client, {})).body)).toEqual(["code"]);
    expect(fieldsOf((await unenroll(ana.client, { code: app.wrongCode() })).body)).toEqual(["code"]);
    expect((await unenroll(mallory.client, { code: await app.nextCode() })).status).toBe(404);

    const off = await unenroll(ana.client, { code: await app.nextCode() });
    expect(off.status).toBe(204);
    expect((await ana.client.get("/api/v1/users/me/factors")).body).toEqual({ factors: [] });
    expect((await signIn(ana.email)).factors).toEqual([]);
    expect(await identity.db.collection(FACTORS_COLLECTION).countDocuments({ user_id: ana.id })).toBe(0);
    expect((await challenge(ana.id, { code: "123456" })).status).toBe(404);
  });

  it("replaces an unfinished set-up with a new one, and refuses another user's factor id", async () => {
    const ana = await newUser();
    const mallory = await newUser();
    const first = ZEnrollFactorResponseSchema.parse((await ana.client.post("/api/v1/users/me/factors", { factor_type: "totp" })).body);
    const second = ZEnrollFactorResponseSchema.parse((await ana.client.post("/api/v1/users/me/factors", { factor_type: "totp" })).body);

    expect(second.totp.secret).not.toBe(first.totp.secret);
    expect((await ana.client.get("/api/v1/users/me/factors")).body.factors.map((factor: { id: string }) => factor.id)).toEqual([second.factor.id]);
    // The first set-up's code no longer does anything; nor does Mallory reach Ana's factor.
    expect((await ana.client.post(`/api/v1/users/me/factors/${first.factor.id}/verify`, { code: await authenticatorApp(first.totp.secret).nextCode() })).status).toBe(404);
    expect((await mallory.client.post(`/api/v1/users/me/factors/${second.factor.id}/verify`, { code: await authenticatorApp(second.totp.secret).nextCode() })).status).toBe(404);
    // Bad bodies name their field.
    expect(fieldsOf((await ana.client.post("/api/v1/users/me/factors", { factor_type: "phone" })).body)).toEqual(["factor_type"]);
    expect((await ana.client.post("/api/v1/users/me/factors", {})).status).toBe(400);
    expect((await identity.anonymous.get("/api/v1/users/me/factors")).status).toBe(401);
  });
});
