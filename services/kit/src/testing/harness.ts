import { ALL_TOPICS } from "@amia/contracts";
import type { JWTVerifyGetKey } from "jose";
import type { Db } from "mongodb";
import type { Hono } from "hono";
import { serviceAuth, type TInternalUser } from "../auth/internal-jwt.ts";
import { createBus, type Bus } from "../bus/bus.ts";
import { reportOutboxBacklog } from "../bus/outbox.ts";
import { createService, type ServiceEnv } from "../http/create-service.ts";
import type { ServiceModule, ServiceModuleFactory } from "../http/service-module.ts";
import { connectMongo, type MongoConnection } from "../mongo/connect.ts";
import { createTestAuthority, type TestAuthority } from "./auth.ts";
import { quietLogger, testInfra, uniqueTestNames, type TestInfra, type TestNames } from "./isolation.ts";

export interface TestResponse {
  status: number;
  // Loosely typed on purpose: tests assert on what a caller sees.
  body: any;
}

export interface TestClient {
  get: (path: string) => Promise<TestResponse>;
  post: (path: string, body?: unknown) => Promise<TestResponse>;
  patch: (path: string, body?: unknown) => Promise<TestResponse>;
  delete: (path: string) => Promise<TestResponse>;
}

export interface MountedService {
  name: string;
  app: Hono<ServiceEnv>;
  db: Db;
  module: ServiceModule;
  /** Calls the service as the signed-in `user`, with a token the BFF would mint. */
  as: (user: { id: string; email?: string }) => TestClient;
  /** Calls the service as another service (internal routes). */
  asService: (name: string) => TestClient;
  /** Calls the service with no token at all. */
  anonymous: TestClient;
}

export interface TestHarnessOptions {
  /**
   * The keys mounted services verify internal tokens with. By default the harness's own
   * `authority`; a test that puts a real BFF in front passes the BFF's keys (e.g. its JWKS URL
   * through `remoteJwks`), and then `as()`/`asService()` tokens are no longer accepted.
   */
  keys?: JWTVerifyGetKey;
  /** Names to use instead of fresh ones, e.g. to share a topic prefix with a BFF under test. */
  names?: TestNames;
}

export interface TestHarness {
  names: TestNames;
  bus: Bus;
  authority: TestAuthority;
  /** Builds a service on its own fresh database, mounts it and starts its consumers and relay. */
  mount: (name: string, factory: ServiceModuleFactory) => Promise<MountedService>;
  close: () => Promise<void>;
}

/**
 * Real services, in-process, on the real Kafka, MongoDB-wire database and Redis: one topic and
 * group prefix per harness and one database per mounted service, so tests never share state.
 * Outside vitest (benchmarks), pass the infrastructure URLs.
 */
export async function createTestHarness(label: string, infra: TestInfra = testInfra(), options: TestHarnessOptions = {}): Promise<TestHarness> {
  const names = options.names ?? uniqueTestNames(label);
  const logger = quietLogger();
  const authority = await createTestAuthority();
  const bus = createBus({ brokers: infra.kafkaBrokers, clientId: names.id, logger, topicPrefix: names.topicPrefix });
  // One partition each: tests need no parallelism, and every partition costs the broker files.
  await bus.ensureTopics([...ALL_TOPICS], { partitions: 1 });
  const mounted: Array<{ module: ServiceModule; mongo: MongoConnection; stopReporting: () => void }> = [];

  const clientFor = (app: Hono<ServiceEnv>, token: () => Promise<string | undefined>): TestClient => {
    const call = async (method: string, path: string, body?: unknown): Promise<TestResponse> => {
      const headers: Record<string, string> = {};
      const bearer = await token();
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    return {
      get: (path) => call("GET", path),
      post: (path, body) => call("POST", path, body),
      patch: (path, body) => call("PATCH", path, body),
      delete: (path) => call("DELETE", path),
    };
  };

  return {
    names,
    bus,
    authority,
    async mount(name, factory) {
      const mongo = await connectMongo({ url: infra.mongoUrl, dbName: `${names.dbName}_${name}`, logger });
      const auth = serviceAuth({ keys: options.keys ?? authority.keys, audience: name, issuer: authority.issuer });
      const module = await factory({ db: mongo.db, bus, logger, auth });
      const app = createService({ name, logger });
      app.route("/", module.routes);
      const stopReporting = reportOutboxBacklog(name, mongo.db);
      await module.start();
      mounted.push({ module, mongo, stopReporting });
      const mint = (principal: TInternalUser) => () => authority.mint(principal, name);
      return {
        name,
        app,
        db: mongo.db,
        module,
        as: (user) => clientFor(app, mint({ ...user, kind: "user" })),
        asService: (serviceName) => clientFor(app, mint({ id: serviceName, kind: "service" })),
        anonymous: clientFor(app, async () => undefined),
      };
    },
    async close() {
      for (const { module, stopReporting } of mounted) {
        stopReporting();
        await module.stop();
      }
      await bus.deleteOwnTopics().catch(() => undefined);
      await bus.close();
      for (const { mongo } of mounted) {
        await mongo.db.dropDatabase().catch(() => undefined);
        await mongo.close();
      }
    },
  };
}
