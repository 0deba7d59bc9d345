import { afterEach, describe, expect, it } from "vitest";
import { keepAliveClient, quietLogger, serveOverHttp, type KeepAliveClient, type ServedApp } from "../testing/index.ts";
import { createService } from "./create-service.ts";

/**
 * Over real sockets (what app.request cannot show): whatever a route does with its body, the
 * connection it came on carries the caller's next request.
 */
const LIMIT = 256 * 1024;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function served(): Promise<{ url: string; client: KeepAliveClient }> {
  const app = createService({ name: "demo", logger: quietLogger(), bodyLimitBytes: LIMIT });
  // Takes no body, never reads one: approve, reject, retry.
  app.post("/things/:id/approve", (c) => c.json({ approved: c.req.param("id") }, 404));
  const server: ServedApp = await serveOverHttp(app.fetch);
  const client = keepAliveClient();
  cleanups.push(server.close, client.close);
  return { url: server.url, client };
}

const json = (body: string) => ({ headers: { "content-type": "application/json" }, body });
const bodyOf = (bytes: number) => JSON.stringify({ note: "x".repeat(bytes - 12) });

describe("request bodies over one keep-alive connection", () => {
  it("a route that never reads its 250 KB body leaves the connection usable, request after request", async () => {
    const { url, client } = await served();
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push(await client.send("POST", `${url}/things/${i}/approve`, json(bodyOf(250 * 1024))));
    answers.push(await client.send("GET", `${url}/healthz`));

    expect(answers.map((answer) => answer.status)).toEqual([...Array(20).fill(404), 200]);
    expect(answers.slice(1).every((answer) => answer.reusedConnection)).toBe(true);
  });

  it("a body a little over the limit gets a 413, and the next request on the connection is answered", async () => {
    const { url, client } = await served();
    const refused = await client.send("POST", `${url}/things/1/approve`, json(bodyOf(300 * 1024)));
    const next = await client.send("GET", `${url}/healthz`);

    expect([refused.status, JSON.parse(refused.text)]).toEqual([413, { message: `Request body is larger than ${LIMIT} bytes`, code: "payload_too_large" }]);
    expect([next.status, next.reusedConnection]).toEqual([200, true]);
  });

  it("a body far over the limit gets a 413 that closes the connection, and the next request goes out on a new one", async () => {
    const { url, client } = await served();
    const refused = await client.send("POST", `${url}/things/1/approve`, json(bodyOf(LIMIT * 4 + 1024)));
    const next = await client.send("GET", `${url}/healthz`);

    expect([refused.status, refused.headers.connection]).toEqual([413, "close"]);
    expect([next.status, next.reusedConnection]).toEqual([200, false]);
  });

  it("a POST without a body is answered, and so is the request after it", async () => {
    const { url, client } = await served();
    const first = await client.send("POST", `${url}/things/1/approve`);
    const second = await client.send("POST", `${url}/things/2/approve`, { headers: { "content-type": "text/plain" }, body: "" });

    expect([first.status, second.status, second.reusedConnection]).toEqual([404, 404, true]);
  });
});
