import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";

export interface ServedApp {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops the server, cutting connections still open (streams). */
  close: () => Promise<void>;
}

/**
 * Serves an in-process app over real HTTP on a free port of 127.0.0.1, so a test can reach it
 * by URL as another process would (the BFF calling mounted services, a browser calling the BFF).
 * `fetch` may be late-bound: a test that needs the URL before it can build the app passes a
 * function that delegates to an app built afterwards.
 */
export async function serveOverHttp(fetch: (request: Request, env?: unknown) => Response | Promise<Response>): Promise<ServedApp> {
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
