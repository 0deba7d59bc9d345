import { describe, expect, it } from "vitest";
import { createBalancer, isConnectionRefused, REPLICA_DOWN_FOR_MS } from "./balancer.ts";

const A = "http://127.0.0.1:4003";
const B = "http://127.0.0.1:4103";
const C = "http://127.0.0.1:4203";

/** What Node's fetch throws for a port nothing listens on (undici: TypeError "fetch failed", the socket error as cause). */
const refused = () => new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4103"), { code: "ECONNREFUSED" }) });
const reset = () => new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) });

/** A fake clock and a record of which replica each attempt went to. */
function world(urls: string[], down: ReadonlySet<string> = new Set()) {
  let now = 1_000_000;
  const tried: string[] = [];
  const balancer = createBalancer(urls, { nowMs: () => now });
  const send = (fail?: (url: string) => Error | undefined) =>
    balancer.send(async (url) => {
      tried.push(url);
      const error = down.has(url) ? refused() : fail?.(url);
      if (error) throw error;
      return url;
    });
  return { balancer, tried, send, advance: (ms: number) => (now += ms) };
}

describe("client-side balancing over replicas", () => {
  it("spreads requests round-robin over the list", async () => {
    const { send } = world([A, B, C]);
    const served = [];
    for (let i = 0; i < 6; i++) served.push(await send());
    expect(served).toEqual([A, B, C, A, B, C]);
  });

  it("one URL: every request goes to it", async () => {
    const { send } = world([A]);
    expect([await send(), await send()]).toEqual([A, A]);
  });

  it("a refusing replica is skipped for that request: the next one serves it", async () => {
    const { send, tried } = world([A, B, C], new Set([B]));
    await send(); // A
    expect(await send()).toBe(C);
    expect(tried).toEqual([A, B, C]);
  });

  it("a refusing replica is tried last for a moment, then first again in its turn", async () => {
    const down = new Set([B]);
    const { send, tried, advance } = world([A, B], down);
    await send(); // A
    await send(); // B refuses, A serves
    tried.length = 0;
    // B's turn comes round, but it is marked down: A is asked first.
    expect(await send()).toBe(A);
    expect(await send()).toBe(A);
    expect(tried).toEqual([A, A]);

    down.delete(B);
    advance(REPLICA_DOWN_FOR_MS + 1);
    tried.length = 0;
    expect([await send(), await send()].sort()).toEqual([A, B]);
    expect(tried.sort()).toEqual([A, B]);
  });

  it("every replica refusing: each is tried once and the refusal is what the caller gets", async () => {
    const { send, tried } = world([A, B, C], new Set([A, B, C]));
    const error = await send().catch((caught: unknown) => caught);
    expect(isConnectionRefused(error)).toBe(true);
    expect(tried.sort()).toEqual([A, B, C]);
  });

  it("a request that may have reached its replica (reset, timeout, an answer) is never sent to another", async () => {
    const { send, tried } = world([A, B]);
    await expect(send(() => reset())).rejects.toThrow("fetch failed");
    expect(tried).toEqual([A]);
    await expect(send(() => new DOMException("The operation was aborted due to timeout", "TimeoutError"))).rejects.toThrow("timeout");
    expect(tried).toEqual([A, B]);
  });

  it("stops moving on once the caller's signal aborts", async () => {
    const balancer = createBalancer([A, B]);
    const controller = new AbortController();
    const tried: string[] = [];
    const attempt = async (url: string) => {
      tried.push(url);
      controller.abort();
      throw refused();
    };
    await expect(balancer.send(attempt, controller.signal)).rejects.toThrow("fetch failed");
    expect(tried).toEqual([A]);
  });

  it("moves on after any failure the caller says provably sent nothing (the BFF: a name that did not resolve)", async () => {
    const notFound = () => new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo ENOTFOUND events-2"), { code: "ENOTFOUND" }) });
    const tried: string[] = [];
    const balancer = createBalancer([A, B], { isNotSent: (error) => isConnectionRefused(error) || (error as Error).cause instanceof Error && ((error as Error).cause as { code?: string }).code === "ENOTFOUND" });
    const served = await balancer.send(async (url) => {
      tried.push(url);
      if (url === A) throw notFound();
      return url;
    });
    expect([served, tried]).toEqual([B, [A, B]]);
  });

  it("tells a refusal apart from the other ways a call fails", () => {
    expect(isConnectionRefused(refused())).toBe(true);
    expect(isConnectionRefused(new AggregateError([Object.assign(new Error("::1"), { code: "ECONNREFUSED" })]))).toBe(true);
    expect(isConnectionRefused(reset())).toBe(false);
    expect(isConnectionRefused(new Error("ECONNREFUSED in a message only"))).toBe(false);
    expect(isConnectionRefused(undefined)).toBe(false);
  });
});
