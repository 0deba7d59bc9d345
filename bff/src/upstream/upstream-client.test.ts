import { describe, expect, it } from "vitest";
import { relayResponse } from "./forward.ts";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach } from "vitest";
import { createUpstreamClient, DEADLINE_MARGIN_MS, OutcomeUnknownError, UpstreamError, type UpstreamRequest } from "./upstream-client.ts";

const serviceUrls = {
  identity: "http://identity",
  relationships: "http://relationships",
  events: "http://events",
  notifications: "http://notifications",
  agent: "http://agent",
  usage: "http://usage",
  calendar: "http://calendar",
  recipes: "http://recipes",
};
const request: UpstreamRequest = { service: "events", method: "GET", path: "/api/v1/event-requests?take=3", principal: { id: "u1", email: "ana@example.com", kind: "user" }, requestId: "req-1" };

function clientWith(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, timeoutMs = 50) {
  return createUpstreamClient({ serviceUrls, timeoutMs, mint: async (principal, audience) => `token-for-${principal.id}-at-${audience}`, fetch: fetchImpl as typeof fetch });
}

describe("the upstream client", () => {
  it("calls the owning service's same path with a token for it and the request id", async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    const client = clientWith(async (url, init) => {
      seen.push({ url, headers: new Headers(init.headers) });
      return Response.json({ ok: true });
    });

    expect(await client.json(request)).toEqual({ status: 200, body: { ok: true } });
    expect(seen[0]!.url).toBe("http://events/api/v1/event-requests?take=3");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer token-for-u1-at-events");
    expect(seen[0]!.headers.get("x-request-id")).toBe("req-1");
  });

  it("turns a refused connection into a 503 naming the service", async () => {
    const client = clientWith(async () => {
      throw new TypeError("fetch failed");
    });
    const failure = await client.call(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).status).toBe(503);
    expect((failure as UpstreamError).toBody()).toEqual({ message: "The events service is unavailable; please try again shortly", code: "upstream_unavailable" });
  });

  /** What fetch throws when a pooled connection was closed under a request (undici's SocketError). */
  const connectionReset = () => new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) });

  it.each(["GET", "HEAD", "PUT", "DELETE"])("sends an idempotent %s again, once, when its connection was reset before any answer", async (method) => {
    let calls = 0;
    const client = clientWith(async () => {
      calls += 1;
      if (calls === 1) throw connectionReset();
      return Response.json({ ok: true });
    });
    expect(await client.json({ ...request, method })).toEqual({ status: 200, body: { ok: true } });
    expect(calls).toBe(2);
  });

  it("does not send it a third time: a second reset is a 503", async () => {
    let calls = 0;
    const client = clientWith(async () => {
      calls += 1;
      throw Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    });
    expect(((await client.call(request).catch((error: unknown) => error)) as UpstreamError).status).toBe(503);
    expect(calls).toBe(2);
  });

  it.each(["POST", "PATCH"])("never sends a %s again, and says its outcome is unknown: the service may have acted on it", async (method) => {
    let calls = 0;
    const client = clientWith(async () => {
      calls += 1;
      throw connectionReset();
    });
    const failure = (await client.call({ ...request, method, body: "{}" }).catch((error: unknown) => error)) as OutcomeUnknownError;
    expect(failure).toBeInstanceOf(OutcomeUnknownError);
    expect(failure.status).toBe(502);
    expect(failure.code).toBe("outcome_unknown");
    expect(calls).toBe(1);
  });

  it("sends a create with an Idempotency-Key again once on a reset (the service answers a repeat with the first), and the key with it", async () => {
    const keys: Array<string | null> = [];
    const client = clientWith(async (_url, init) => {
      keys.push(new Headers(init.headers).get("idempotency-key"));
      if (keys.length === 1) throw connectionReset();
      return Response.json({ ok: true }, { status: 201 });
    });
    expect(await client.json({ ...request, method: "POST", body: "{}", idempotencyKey: "k-0123456789abcdef" })).toEqual({ status: 201, body: { ok: true } });
    expect(keys).toEqual(["k-0123456789abcdef", "k-0123456789abcdef"]);
  });

  it("sends an answer (approve, decline) again once on a reset: the same answer again is a success", async () => {
    let calls = 0;
    const client = clientWith(async () => {
      calls += 1;
      if (calls === 1) throw connectionReset();
      return Response.json({ ok: true });
    });
    expect((await client.json({ ...request, method: "POST", isRepeatableDecision: true })).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("gives every call its deadline: before the BFF's own timeout, by the margin", async () => {
    const seen: number[] = [];
    const client = clientWith(async (_url, init) => {
      seen.push(Number(new Headers(init.headers).get("x-request-deadline")));
      return Response.json({});
    }, 10_000);
    const before = Date.now();
    await client.call(request);
    expect(seen[0]).toBeGreaterThanOrEqual(before + 10_000 - DEADLINE_MARGIN_MS);
    expect(seen[0]).toBeLessThanOrEqual(Date.now() + 10_000 - DEADLINE_MARGIN_MS);
  });

  it("does not retry a refused connection (the service is down)", async () => {
    let calls = 0;
    const client = clientWith(async () => {
      calls += 1;
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
    });
    expect(((await client.call(request).catch((error: unknown) => error)) as UpstreamError).status).toBe(503);
    expect(calls).toBe(1);
  });

  it("labels a body as JSON when the caller named no type", async () => {
    const seen: Headers[] = [];
    const client = clientWith(async (_url, init) => {
      seen.push(new Headers(init.headers));
      return new Response(null, { status: 204 });
    });
    await client.call({ ...request, method: "PUT", body: '{"a":1}' });
    await client.call(request);
    expect(seen.map((headers) => headers.get("content-type"))).toEqual(["application/json", null]);
  });

  it("gives up after the timeout with a 504, rather than hang", async () => {
    const client = clientWith(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener("abort", () => reject(init.signal!.reason));
        }),
    );
    const failure = (await client.call(request).catch((error: unknown) => error)) as UpstreamError;
    expect(failure.status).toBe(504);
    expect(failure.message).toBe("The events service did not answer within 50 ms; please try again");
  });
});

/**
 * The same classification against real sockets (undici's own errors): a port nobody listens on,
 * a server that accepts and then destroys the connection, a server that accepts and never answers.
 */
describe("the upstream client against a real socket", () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A local TCP server that does `onConnection` with each connection; its URL. */
  async function tcpServer(onConnection: (socket: Socket) => void): Promise<string> {
    const server = createServer((socket) => {
      sockets.push(socket);
      onConnection(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    return `http://127.0.0.1:${address.port}`;
  }

  /** A port that was just free: nobody listens on it. */
  async function closedPortUrl(): Promise<string> {
    const url = await tcpServer(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    return url;
  }

  const realClient = (url: string, timeoutMs = 300) =>
    createUpstreamClient({ serviceUrls: { ...serviceUrls, events: url }, timeoutMs, mint: async () => "token" });
  const write = { ...request, method: "POST", path: "/api/v1/event-requests", body: "{}" };
  const failureOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (error: unknown) => error as UpstreamError | OutcomeUnknownError);

  it("a refused connection: the write never reached the service, so 503 upstream_unavailable (try again)", async () => {
    const failure = await failureOf(realClient(await closedPortUrl()).call(write));
    expect(failure).toMatchObject({ code: "upstream_unavailable", status: 503 });
  });

  it.each([
    ["reset (RST)", (socket: Socket) => socket.resetAndDestroy()],
    ["closed (FIN)", (socket: Socket) => socket.destroy()],
  ])("a connection %s after the write was sent: 502 outcome_unknown, sent once only", async (_how, breakIt) => {
    let connections = 0;
    const url = await tcpServer((socket) => {
      connections += 1;
      socket.once("data", () => breakIt(socket));
    });
    const failure = await failureOf(realClient(url).call(write));
    expect(failure).toMatchObject({ code: "outcome_unknown", status: 502 });
    expect(connections).toBe(1);
  });

  it("the same reset for a read: sent again once, then 503 upstream_unavailable", async () => {
    let connections = 0;
    const url = await tcpServer((socket) => {
      connections += 1;
      socket.once("data", () => socket.resetAndDestroy());
    });
    const failure = await failureOf(realClient(url).call(request));
    expect(failure).toMatchObject({ code: "upstream_unavailable", status: 503 });
    expect(connections).toBe(2);
  });

  it("no answer within the timeout after the write was sent: 504 outcome_unknown; for a keyed create 504 upstream_unavailable", async () => {
    const url = await tcpServer(() => {});
    expect(await failureOf(realClient(url, 150).call(write))).toMatchObject({ code: "outcome_unknown", status: 504 });
    expect(await failureOf(realClient(url, 150).call({ ...write, idempotencyKey: "k-0123456789abcdef" }))).toMatchObject({ code: "upstream_unavailable", status: 504 });
  });
});

describe("relayResponse", () => {
  const answer = (status: number, body: string, contentType?: string) => ({
    status,
    headers: new Headers(contentType ? { "content-type": contentType } : {}),
    body: new TextEncoder().encode(body).buffer as ArrayBuffer,
  });

  it("passes a service's status and JSON body through, errors included", async () => {
    const relayed = relayResponse("events", answer(409, '{"message":"Already decided","code":"conflict"}', "application/json"));
    expect(relayed.status).toBe(409);
    expect(await relayed.json()).toEqual({ message: "Already decided", code: "conflict" });
  });

  it("answers a 204 with no body", async () => {
    const relayed = relayResponse("events", answer(204, ""));
    expect(relayed.status).toBe(204);
    expect(await relayed.text()).toBe("");
  });

  it("turns a 5xx that is not one of ours (a proxy's HTML page) into a clear 502", () => {
    expect(() => relayResponse("events", answer(502, "<html>Bad gateway</html>", "text/html"))).toThrow("The events service failed (502); please try again");
  });
});
