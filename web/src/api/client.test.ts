import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./client.ts";

afterEach(() => vi.unstubAllGlobals());

describe("a refusal from the API", () => {
  it("keeps a 429's wait (Retry-After) and the limit it names, for the words the person reads", async () => {
    const body = { message: "Too many relationship requests; try again in 52 minutes", code: "rate_limited", details: { limit: "relationship_requests", retry_after_seconds: 3100 } };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status: 429, headers: { "content-type": "application/json", "retry-after": "3100" } }));

    const error = await api("/api/v1/relationship-requests", { method: "POST", body: { requested_email: "bruno@example.com" } }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfterSeconds: 3100, limit: "relationship_requests" });
  });

  it("has no wait when the server gave none", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "x", code: "conflict" }), { status: 409 }));
    await expect(api("/api/v1/recipes", { method: "POST", body: {} })).rejects.toMatchObject({ retryAfterSeconds: null, limit: null });
  });
});
