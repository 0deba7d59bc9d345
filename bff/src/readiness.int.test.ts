import { afterEach, describe, expect, it } from "vitest";
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
