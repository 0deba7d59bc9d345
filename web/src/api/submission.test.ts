import { afterEach, describe, expect, it, vi } from "vitest";
import { IDEMPOTENCY_KEY_HEADER, ZIdempotencyKeySchema } from "@amia/contracts";
import { ApiError, api } from "./client.ts";
import { newIdempotencyKey, retryWriteOnce, submissionKeys } from "./submission.ts";

afterEach(() => vi.unstubAllGlobals());

describe("one Idempotency-Key per submission", () => {
  const counter = () => {
    let made = 0;
    return () => `key-${++made}`;
  };

  it("keeps the key for the same details sent again (a double click, a retry) until one succeeds", () => {
    const keys = submissionKeys(counter());
    const body = { title: "Lunch", approvers: [{ user_id: "b", required: true }] };
    expect(keys.keyFor(body)).toBe("key-1");
    expect(keys.keyFor({ ...body })).toBe("key-1");
    keys.settle();
    expect(keys.keyFor(body)).toBe("key-2");
  });

  it("makes a new key when the details changed: a new action", () => {
    const keys = submissionKeys(counter());
    expect(keys.keyFor({ requested_email: "ana@example.com" })).toBe("key-1");
    expect(keys.keyFor({ requested_email: "bruno@example.com" })).toBe("key-2");
  });

  it("makes keys the server accepts, different each time", () => {
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(ZIdempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(a).not.toBe(b);
  });

  it("sends the key in the Idempotency-Key header", async () => {
    const seen: Headers[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers));
      return new Response(JSON.stringify({ ok: true }), { status: 201 });
    });
    await api("/api/v1/event-requests", { method: "POST", body: {}, idempotencyKey: "0f8c7a52-2d6e-4c0b-9a51-6f1f0d7e9b11" });
    await api("/api/v1/event-requests", { method: "POST", body: {} });
    expect(seen.map((headers) => headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual(["0f8c7a52-2d6e-4c0b-9a51-6f1f0d7e9b11", null]);
  });
});

describe("retrying a write that is safe to repeat", () => {
  it("retries once when nothing answered, never a refusal, never twice", () => {
    expect(retryWriteOnce(0, new ApiError(0, "x", "network_error"))).toBe(true);
    expect(retryWriteOnce(0, new ApiError(503, "x", "upstream_unavailable"))).toBe(true);
    expect(retryWriteOnce(0, new ApiError(504, "x", "outcome_unknown"))).toBe(true);
    expect(retryWriteOnce(1, new ApiError(503, "x", "upstream_unavailable"))).toBe(false);
    expect(retryWriteOnce(0, new ApiError(409, "x", "conflict"))).toBe(false);
    expect(retryWriteOnce(0, new ApiError(400, "x", "validation_failed"))).toBe(false);
    expect(retryWriteOnce(0, new Error("a bug"))).toBe(false);
  });
});
