import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { Logger } from "pino";

export interface RunServiceOptions {
  // Any Hono app; its env type does not matter to the server.
  app: Hono<any>;
  port: number;
  host: string;
  logger: Logger;
  /** Run in order after the server stops taking requests: stop consumers, relays, close clients. */
  onShutdown?: Array<() => Promise<unknown>>;
  /** In-flight requests get this long to finish before connections are cut. */
  drainTimeoutMs?: number;
  /** Exit the process after shutdown (false in tests). */
  exitProcess?: boolean;
}

export interface RunningService {
  port: number;
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the HTTP server and shuts down gracefully on SIGTERM/SIGINT: stop taking work, let
 * in-flight requests finish, then close consumers (committing offsets) and connections.
 */
export async function runService(options: RunServiceOptions): Promise<RunningService> {
  const { app, port, host, logger, onShutdown = [], drainTimeoutMs = 10_000, exitProcess = true } = options;
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(started as Server));
  });
  const actualPort = (server.address() as AddressInfo).port;
  logger.info({ port: actualPort, host }, "listening");

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Streams (SSE) never end on their own: cut what is still open after the drain window.
      const cut = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
      await closed;
      clearTimeout(cut);
      for (const hook of onShutdown) {
        try {
          await hook();
        } catch (error) {
          logger.error({ err: error }, "shutdown step failed");
        }
      }
      logger.info("stopped");
    })();
    return stopping;
  };

  if (exitProcess) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        logger.info({ signal }, "shutting down");
        stop().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, "shutdown failed");
            process.exit(1);
          },
        );
      });
    }
  }

  return { port: actualPort, url: `http://${host}:${actualPort}`, stop };
}
