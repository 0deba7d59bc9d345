import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createUpstreamClient, type UpstreamRequest } from "./upstream-client.ts";

/**
 * The BFF's upstream client over a service's replicas, on real sockets (what Node's fetch really
 * throws for a port nothing listens on, or for a connection cut mid-request): each replica a
 * small server that records what reached it.
 */
const opened: Server[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A replica that answers `{served_by}`, or with `isCrashing` drops the connection once the request has arrived. */
async function replica(name: string, hits: string[], isCrashing = false): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      hits.push(`${name} ${request.method}`);
      if (isCrashing) request.socket.destroy();
      else response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ served_by: name }));
    });
  });
  opened.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A replica that is down: its port was just let go, so connecting to it is refused. */
async function stoppedReplica(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

function clientOver(events: string[]) {
  const one = "http://127.0.0.1:1";
  return createUpstreamClient({
    serviceUrls: { identity: one, relationships: one, events, notifications: one, agent: one, usage: one, calendar: one, recipes: one },
    timeoutMs: 5_000,
    mint: async () => "token",
  });
}

const request = (method: string): UpstreamRequest => ({ service: "events", method, path: "/api/v1/event-requests", principal: { id: "u1", email: "ana@example.com", kind: "user" }, body: method === "GET" ? undefined : "{}" });

describe("the BFF over a service's replicas", () => {
  it("spreads requests round-robin, and a stopped replica's share goes to the others: nothing fails", async () => {
    const hits: string[] = [];
    const client = clientOver([await replica("a", hits), await stoppedReplica(), await replica("b", hits)]);

    const servedBy = [];
    for (let i = 0; i < 6; i++) servedBy.push(((await client.json<{ served_by: string }>(request(i % 2 ? "POST" : "GET"))).body).served_by);

    // Every call answered; the writes too (a refused connection proves nothing was sent).
    expect(servedBy.filter((name) => name === "a").length).toBeGreaterThanOrEqual(2);
    expect(servedBy.filter((name) => name === "b").length).toBeGreaterThanOrEqual(2);
    expect(hits).toHaveLength(6);
  });

  it("a write whose connection broke after it was sent is not sent to another replica", async () => {
    const hits: string[] = [];
    // Replica a takes the request and drops the connection without answering (a crash mid-request).
    const client = clientOver([await replica("a", hits, true), await replica("b", hits)]);

    await expect(client.call(request("POST"))).rejects.toMatchObject({ code: expect.stringMatching(/^(upstream_unavailable|outcome_unknown)$/) });
    expect(hits).toEqual(["a POST"]);
  });

  it("every replica stopped: a clear 503 naming the service, after trying each once", async () => {
    const client = clientOver([await stoppedReplica(), await stoppedReplica()]);
    const failure = await client.call(request("POST")).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, code: "upstream_unavailable", message: "The events service is unavailable; please try again shortly" });
  });
});
