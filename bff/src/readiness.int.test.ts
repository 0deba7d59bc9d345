import { afterEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "./sessions/session-middleware.ts";
import { startTestBff, type TestBff } from "./testing/test-bff.ts";

const open: TestBff[] = [];
afterEach(async () => {
  for (const bff of open.splice(0)) await bff.close();
});

describe("BFF readiness (real Redis; Kafka away)", () => {
  it("is ready without the broker, reporting it, because only live pushes need it", async () => {
    // Nothing listens on port 1: the broker is down for the whole test, the services too.
    const bff = await startTestBff({ label: "ready-no-kafka", env: () => ({ KAFKA_BROKERS: "127.0.0.1:1" }), waitForConsumers: false });
    open.push(bff);

    const ready = await fetch(`${bff.url}/readyz`);

    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { redis: "ok", kafka: expect.stringMatching(/^error: /) }, not_required: ["kafka"] });
  }, 30_000);
});

describe("BFF with Redis away", () => {
  it("answers a signed-in call 503 with a try-again, never 500, and says it is not ready", async () => {
    // Nothing listens on port 1: Redis (sessions, rate limits) is down for the whole test.
    const bff = await startTestBff({ label: "no-redis", env: () => ({ REDIS_URL: "redis://127.0.0.1:1" }) });
    open.push(bff);

    const answer = await fetch(`${bff.url}/api/v1/event-requests`, { headers: { cookie: `${SESSION_COOKIE}=${"a".repeat(43)}` } });

    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await answer.json()).toMatchObject({ code: "upstream_unavailable", message: expect.stringContaining("try again") });
    expect((await fetch(`${bff.url}/readyz`)).status).toBe(503);
  }, 30_000);
});
