import { MongoClient, type Db, type IndexDescription } from "mongodb";
import type { Logger } from "pino";

export interface MongoConnection {
  client: MongoClient;
  db: Db;
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

export interface ConnectMongoOptions {
  url: string;
  dbName: string;
  logger: Logger;
  /** Start-up may race the database coming up: retry this many times before giving up. */
  attempts?: number;
  initialDelayMs?: number;
  /** The driver's heartbeat and connect timeout (its defaults: 10 s, 30 s); tests shorten them. */
  heartbeatFrequencyMS?: number;
  connectTimeoutMS?: number;
}

/**
 * The MongoDB driver (7.9) can lose its server monitor: after a database restart, a calendar
 * service that was starting up kept its monitor in "monitoring" for good — its heartbeat
 * command on a connection the restart had closed never settled, no check ran again, the server
 * stayed "Unknown" and every operation and /readyz failed server selection, with the database
 * answering everyone else (issue 14; seen in `npm run chaos`). A healthy monitor ends a check
 * (succeeded or failed) at least every heartbeat + connect timeout; when none has ended for
 * longer than that plus this margin, the client is closed and connected again (same Db objects),
 * which starts a new monitor. Operations in that moment fail as "database unavailable" (503).
 */
const MONITOR_STALL_MARGIN_MS = 5_000;
const MONITOR_WATCH_EVERY_MS = 5_000;

/** Returns what stops the watch (the service's own close). */
function watchMonitor(client: MongoClient, logger: Logger, stallMs: number): () => void {
  let lastCheckEndedAt = Date.now();
  const checkEnded = () => (lastCheckEndedAt = Date.now());
  client.on("serverHeartbeatSucceeded", checkEnded);
  client.on("serverHeartbeatFailed", checkEnded);
  let isReconnecting = false;
  const timer = setInterval(() => {
    if (isReconnecting || Date.now() - lastCheckEndedAt < stallMs) return;
    isReconnecting = true;
    logger.warn({ stalled_ms: Date.now() - lastCheckEndedAt }, "mongodb server monitor finished no check for too long; reconnecting the client");
    void (async () => {
      await client.close().catch(() => undefined);
      // Heartbeats start again with the new monitor; a failed connect is retried by the next operation or watch.
      await client.connect().catch((error: unknown) => logger.warn({ err: error }, "mongodb reconnect failed; retrying"));
      checkEnded();
      isReconnecting = false;
    })();
  }, MONITOR_WATCH_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Connects with retry and exponential backoff; a service owns the one database it is given. */
export async function connectMongo(options: ConnectMongoOptions): Promise<MongoConnection> {
  const { url, dbName, logger, attempts = 20, initialDelayMs = 250, heartbeatFrequencyMS = 10_000, connectTimeoutMS = 30_000 } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 3_000, appName: dbName, heartbeatFrequencyMS, connectTimeoutMS });
    try {
      await client.connect();
      const db = client.db(dbName);
      await db.command({ ping: 1 });
      logger.info({ db: dbName, attempt }, "mongodb connected");
      const stopWatching = watchMonitor(client, logger, heartbeatFrequencyMS + connectTimeoutMS + MONITOR_STALL_MARGIN_MS);
      return {
        client,
        db,
        ping: async () => {
          await db.command({ ping: 1 });
        },
        close: async () => {
          stopWatching();
          await client.close();
        },
      };
    } catch (error) {
      lastError = error;
      await client.close().catch(() => undefined);
      const delay = Math.min(initialDelayMs * 2 ** (attempt - 1), 5_000);
      logger.warn({ attempt, attempts, delay_ms: delay, err: error }, "mongodb not reachable, retrying");
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw new Error(`MongoDB at ${redact(url)} did not answer after ${attempts} attempts`, { cause: lastError });
}

/** Indexes per collection, created at start; creating an existing index is a no-op. */
export type IndexPlan = Record<string, IndexDescription[]>;

/**
 * One index per command: FerretDB 1.24 drops the connection (a panic in its handler) when one
 * createIndexes names two or more indexes that already exist, which is every restart.
 */
export async function ensureIndexes(db: Db, plan: IndexPlan): Promise<void> {
  for (const [collection, indexes] of Object.entries(plan)) {
    for (const index of indexes) await db.collection(collection).createIndexes([index]);
  }
}

/**
 * Server codes that mean "this node cannot serve now" — not primary, stepping down, shutting
 * down — rather than anything about the request (MongoDB's error_codes.yml).
 */
const UNAVAILABLE_SERVER_CODES = new Set([
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/**
 * The driver's classes (and their subclasses, MongoNetworkTimeoutError among them) for a database
 * that could not be reached or could not serve.
 */
const UNAVAILABLE_ERROR_CLASSES = ["MongoServerSelectionError", "MongoNetworkError", "MongoTopologyClosedError", "MongoServerClosedError", "MongoNotConnectedError"];

/**
 * The class names along an error's prototype chain: `instanceof` by name, so this check does not
 * import the driver, and a process without a database (the BFF) never loads it (issue 14: idle
 * memory). Every service's error handler runs it.
 */
function errorClasses(value: unknown): Set<string> {
  const names = new Set<string>();
  if (typeof value !== "object" || value === null) return names;
  for (let proto: unknown = Object.getPrototypeOf(value); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof name === "string") names.add(name);
  }
  return names;
}

/** Node's socket error codes for a peer that refused, went away or went silent. */
const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * True when the database could not be reached or could not serve: no server selected in time,
 * the connection refused or cut (a network timeout included), the client closed, or a server
 * that is not primary / shutting down — and a connection's own socket error, which the driver
 * (7.x) lets through as is when the server goes away mid-write (EPIPE, "socket has been ended").
 * Such a failure passes; the request may be tried again. Looks through `cause`, so an error a
 * store wrapped still counts.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const classes = errorClasses(current);
    if (UNAVAILABLE_ERROR_CLASSES.some((name) => classes.has(name))) return true;
    const { code, syscall } = current as { code?: unknown; syscall?: unknown };
    if (classes.has("MongoServerError") && typeof code === "number" && UNAVAILABLE_SERVER_CODES.has(code)) return true;
    if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code) && (syscall !== undefined || code === "EPIPE")) return true;
  }
  return false;
}

/** True for MongoDB's duplicate-key error (a unique index refused the write). */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === 11000;
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}
