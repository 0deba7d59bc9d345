import type { Hono } from "hono";
import type { Db } from "mongodb";
import type { Logger } from "pino";
import type { ServiceAuth } from "../auth/internal-jwt.ts";
import type { Bus } from "../bus/bus.ts";
import type { ServiceEnv } from "./create-service.ts";

/** What a domain service is built from; main.ts passes the real ones, tests their own. */
export interface ServiceModuleDeps {
  db: Db;
  bus: Bus;
  logger: Logger;
  auth: ServiceAuth;
}

/**
 * A service's routes and background work (consumers, outbox relay), separate from the process
 * around it, so tests mount it on real infrastructure in-process.
 */
export interface ServiceModule {
  routes: Hono<ServiceEnv>;
  /**
   * Starts consumers and the relay; resolves once consumers have joined their groups. A process
   * runs it after its server listens, without waiting (boot-service.ts); tests await it.
   */
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export type ServiceModuleFactory = (deps: ServiceModuleDeps) => Promise<ServiceModule>;
