import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createBalancer } from "@amia/kit";
import { userServices } from "./user-services.ts";

/** The agent's calls over a service's replicas, on real sockets. */
const opened: Server[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the agent's calls to a service with replicas", () => {
  it("go round the replicas, past one that is stopped", async () => {
    const hits: string[] = [];
    const replica = (name: string) => {
      const server = createServer((request, response) => {
        hits.push(`${name} ${request.method} ${request.url}`);
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ served_by: name }));
      });
      opened.push(server);
      return listen(server);
    };
    const stopped = createServer();
    const stoppedUrl = await listen(stopped);
    await new Promise((resolve) => stopped.close(resolve));
    const events = createBalancer([await replica("a"), stoppedUrl, await replica("b")]);
    const nowhere = "http://127.0.0.1:1";
    const services = userServices({ events, relationships: nowhere, notifications: nowhere, calendar: nowhere, usage: nowhere }, "token", "req-1");

    const servedBy = [];
    for (let i = 0; i < 3; i++) servedBy.push(((await services.call("events", "GET", "/api/v1/event-requests")).body as { served_by: string }).served_by);

    expect(servedBy).toEqual(["a", "b", "b"]);
    expect(hits).toEqual(["a GET /api/v1/event-requests", "b GET /api/v1/event-requests", "b GET /api/v1/event-requests"]);
  });
});
