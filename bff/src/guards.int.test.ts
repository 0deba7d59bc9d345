import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createService, remoteJwks, serviceAuth } from "@amia/kit";
import { quietLogger, serveOverHttp, type ServedApp } from "@amia/kit/testing";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { ROUTES } from "./routes/catalogue.ts";
import { NOTIFICATIONS_STREAM_PATH } from "./routes/notifications-stream.ts";
import { CSRF_HEADER } from "./security/csrf.ts";
import { startTestBff, type TestBff } from "./testing/test-bff.ts";
import { TestBrowser } from "./testing/test-browser.ts";
import { createWorld, type World } from "./testing/world.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bffAlone(env: Record<string, string> = {}): Promise<TestBff> {
  const bff = await startTestBff({ label: "bff-guards", env: () => env });
  cleanups.push(bff.close);
  return bff;
}

async function worldWith(options: Parameters<typeof createWorld>[0]): Promise<World> {
  const world = await createWorld(options);
  cleanups.push(world.close);
  return world;
}

const email = () => `person-${randomUUID().slice(0, 8)}@example.com`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const concrete = (path: string) => path.replace(/:id\b/g, randomUUID());

/**
 * A stand-in for a service the BFF forwards to, built on the kit like the real ones and trusting
 * only the BFF's keys. For what the real services cannot show on demand: a slow answer, a stream.
 */
async function standInService(name: string, bffJwksUrl: () => string, build: (app: ReturnType<typeof createService>, requireUser: ReturnType<typeof serviceAuth>["requireUser"]) => void): Promise<ServedApp> {
  let keys: ReturnType<typeof remoteJwks> | undefined;
  const auth = serviceAuth({ keys: (header, token) => (keys ??= remoteJwks(bffJwksUrl()))(header, token), audience: name, issuer: "amia-bff" });
  const app = createService({ name, logger: quietLogger() });
  build(app, auth.requireUser);
  const served = await serveOverHttp(app.fetch);
  cleanups.push(served.close);
  return served;
}

describe("without a session", () => {
  it("answers 401 on every route of the catalogue, the live stream and the session, and calls no service", async () => {
    const bff = await bffAlone();
    const browser = new TestBrowser(bff.url);
    const walked = [...ROUTES.map((route) => [route.method, concrete(route.path)] as const), ["GET", NOTIFICATIONS_STREAM_PATH] as const, ["GET", "/api/v1/auth/session"] as const];

    for (const [method, path] of walked) {
      const answer = await browser.json(method, path, method === "GET" || method === "DELETE" ? undefined : {});
      // Every service is unreachable here: a forwarded call would have been a 503, not a 401.
      expect([method, path, answer.status, answer.body]).toEqual([method, path, 401, { message: "Auth session missing!", code: "unauthorized" }]);
    }
    expect(walked.length).toBe(ROUTES.length + 2);
  });

  it("refuses a state-changing request without the CSRF header, or from another origin, with 403", async () => {
    const bff = await bffAlone();
    const browser = new TestBrowser(bff.url);
    const body = { requested_email: "someone@example.com" };

    const noHeader = await browser.json("POST", "/api/v1/relationship-requests", body, { csrf: false });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body).toEqual({ message: `Request refused: the ${CSRF_HEADER} header is missing (CSRF protection)`, code: "forbidden" });

    const otherOrigin = await browser.json("POST", "/api/v1/relationship-requests", body, { origin: "https://evil.example" });
    expect(otherOrigin.status).toBe(403);
    expect(otherOrigin.body).toEqual({ message: `Cross-origin request refused: Origin https://evil.example is not ${bff.url}`, code: "forbidden" });

    const noOrigin = await browser.json("DELETE", `/api/v1/notifications/${randomUUID()}`, undefined, { origin: null });
    expect(noOrigin).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect((await browser.json("POST", "/api/v1/auth/logout", undefined, { csrf: false })).status).toBe(403);

    // The same request as the SPA makes it gets past the CSRF check (and then needs a session).
    expect((await browser.json("POST", "/api/v1/relationship-requests", body)).status).toBe(401);
    expect((await browser.json("POST", "/api/v1/relationship-requests", body, { origin: null, headers: { "sec-fetch-site": "same-origin" } })).status).toBe(401);
  });

  it("limits sign-in attempts per IP: 429 with Retry-After", async () => {
    const bff = await bffAlone({ RATE_LIMIT_LOGIN_PER_MINUTE: "2" });
    const browser = new TestBrowser(bff.url);

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await browser.navigate("/api/v1/auth/login"));

    // The provider is unreachable here, so allowed attempts end on the SPA's callback with an error.
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 429]);
    expect(new URL(answers[0]!.headers.get("location")!).searchParams.get("error")).toBe("Session error: the sign-in provider is unavailable; please try again shortly");
    const retryAfter = Number(answers[2]!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(61);
    expect(await answers[2]!.json()).toEqual({ message: `Too many sign-in attempts; try again in ${retryAfter} seconds`, code: "rate_limited" });
  });

  it("publishes its public signing key at /.well-known/jwks.json", async () => {
    const bff = await bffAlone();
    const jwks = (await (await fetch(bff.jwksUrl)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", kid: bff.keys.kid, alg: "ES256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });
});

describe("with a session", () => {
  it("ends a session after its idle time, and renews it on every use until then", async () => {
    const world = await worldWith({ label: "bff-idle", services: { identity: createIdentityService }, env: { SESSION_IDLE_SECONDS: "1" } });
    const browser = await world.signedIn(email(), "Ines Idle");

    for (let i = 0; i < 3; i++) {
      await sleep(600);
      expect((await browser.json("GET", "/api/v1/auth/session")).status).toBe(200);
    }
    await sleep(1_300);

    expect(await browser.json("GET", "/api/v1/auth/session")).toMatchObject({ status: 401, body: { message: "Auth session missing!", code: "unauthorized" } });
  });

  it("answers 503 with a clear message when the owning service is down, and 504 when it is too slow", async () => {
    let jwksUrl = "";
    const slow = await standInService("recipes", () => jwksUrl, (app, requireUser) => {
      app.get("/api/v1/recipes", requireUser, async (c) => {
        await sleep(2_000);
        return c.json({ recipes: [], skip: 0, take: 10, total_count: 0 });
      });
    });
    const world = await worldWith({ label: "bff-down", services: { identity: createIdentityService }, env: { RECIPES_URL: slow.url, UPSTREAM_TIMEOUT_MS: "400" } });
    jwksUrl = world.bff.jwksUrl;
    const browser = await world.signedIn(email());

    const down = await browser.json("GET", "/api/v1/relationships");
    expect(down).toMatchObject({ status: 503, body: { message: "The relationships service is unavailable; please try again shortly", code: "upstream_unavailable" } });

    const startedAt = Date.now();
    const tooSlow = await browser.json("GET", "/api/v1/recipes");
    expect(Date.now() - startedAt).toBeLessThan(1_500);
    expect(tooSlow).toMatchObject({ status: 504, body: { message: "The recipes service did not answer within 400 ms; please try again", code: "upstream_unavailable" } });
  });

  it("streams the chat through unbuffered, past the upstream timeout, as the user, and rate-limits it per user", async () => {
    let jwksUrl = "";
    const seenBy: string[] = [];
    const agent = await standInService("agent", () => jwksUrl, (app, requireUser) => {
      app.post("/api/v1/agent/commands/chat", requireUser, async (c) => {
        seenBy.push(`${c.var.user.kind}:${c.var.user.id}`);
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ delta: "Hel" })}\n\n`));
            await sleep(900);
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ delta: "lo" })}\n\ndata: ${JSON.stringify({ done: true })}\n\n`));
            controller.close();
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      });
    });
    const world = await worldWith({
      label: "bff-chat",
      services: { identity: createIdentityService },
      env: { AGENT_URL: agent.url, UPSTREAM_TIMEOUT_MS: "400", RATE_LIMIT_CHAT_PER_MINUTE: "1" },
    });
    jwksUrl = world.bff.jwksUrl;
    const browser = await world.signedIn(email());
    const userId = (await browser.json("GET", "/api/v1/auth/session")).body.user.id;
    const chat = { messages: [{ role: "user", content: "Hello" }], metadata: {}, context: { current_date: "Monday", current_time: "10:00", timezone: "UTC" } };

    const response = await browser.call("POST", "/api/v1/agent/commands/chat", chat, { headers: { accept: "text/event-stream" } });

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    const firstAt = Date.now();
    expect(first).toBe('data: {"delta":"Hel"}\n\n');
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    // The first chunk came before the stand-in wrote the rest: nothing buffered it. The rest came
    // after the 400 ms timeout had passed: the timeout only guards the wait for headers.
    expect(Date.now() - firstAt).toBeGreaterThan(600);
    expect(rest).toBe('data: {"delta":"lo"}\n\ndata: {"done":true}\n\n');
    expect(seenBy).toEqual([`user:${userId}`]);

    const limited = await browser.call("POST", "/api/v1/agent/commands/chat", chat);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ code: "rate_limited" });
    expect(seenBy).toHaveLength(1);
  });
});
