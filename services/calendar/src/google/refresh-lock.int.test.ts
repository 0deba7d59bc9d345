import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Redis } from "ioredis";
import { connectMongo, createOutbox, createRedis, createSecretCipher, type MongoConnection } from "@amia/kit";
import { quietLogger, testInfra, uniqueTestNames } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { createTokensStore, type TokensStore } from "../store/tokens-store.ts";
import { createGoogleCalendar, type GoogleCalendar } from "./google-calendar.ts";
import { createRedisLock } from "../locks/redis-lock.ts";

let mongo: MongoConnection;
let redis: Redis;
let google: GoogleStandIn;
let tokens: TokensStore;
let keyPrefix: string;

beforeEach(async () => {
  const names = uniqueTestNames("refresh-lock");
  mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: names.dbName, logger: quietLogger() });
  redis = createRedis({ url: testInfra().redisUrl });
  google = await createGoogleStandIn({ acceptUnknownRefreshTokens: false });
  // No disconnect here: an outbox that publishes nowhere.
  tokens = createTokensStore(mongo.db, createSecretCipher(randomBytes(32)), createOutbox({ db: mongo.db, publish: async () => undefined, logger: quietLogger() }));
  keyPrefix = `${names.redisPrefix}:token-refresh:`;
});
afterEach(async () => {
  await mongo.db.dropDatabase();
  await mongo.close();
  redis.disconnect();
  await google.close();
});

/** A replica of the calendar service: its own client (and in-process refresh sharing), the shared store and Redis. */
function replica(): GoogleCalendar {
  return createGoogleCalendar({
    tokenUrl: google.tokenUrl,
    revokeUrl: google.revokeUrl,
    apiUrl: google.calendarApiUrl,
    clientId: "amia-web",
    clientSecret: "secret",
    tokens,
    logger: quietLogger(),
    refreshLock: createRedisLock(redis, { keyPrefix, ttlMs: 15_000 }),
  });
}

async function userWithExpiredAccess(): Promise<{ id: string; refreshToken: string }> {
  const id = randomUUID();
  const issued = google.tokens.issue();
  await tokens.save(id, { accessToken: issued.access_token, refreshToken: issued.refresh_token, expiresAtMs: Date.now() - 1_000 });
  return { id, refreshToken: issued.refresh_token };
}

const range = () => ({ timeMin: new Date().toISOString(), timeMax: new Date(Date.now() + 86_400_000).toISOString() });

describe("access-token refresh across replicas (real Redis, Google stand-in)", () => {
  it("refreshes an expired token once when three replicas need it at the same moment", async () => {
    const user = await userWithExpiredAccess();
    const replicas = [replica(), replica(), replica()];

    const answers = await Promise.all(replicas.map((calendar) => calendar.listEvents(user.id, range())));

    expect(answers).toEqual([[], [], []]);
    expect(google.tokens.refreshCount(user.refreshToken)).toBe(1);
    const stored = await tokens.get(user.id);
    expect(stored?.expiresAtMs).toBeGreaterThan(Date.now());
    // The lock is released once the refresh is done.
    expect(await redis.exists(keyPrefix + user.id)).toBe(0);
  });

  it("refreshes anyway when the replica holding the lock never finishes (the lock is only a wait)", async () => {
    const user = await userWithExpiredAccess();
    // A replica that took the lock and died: the key stays until it expires.
    await redis.set(keyPrefix + user.id, "crashed-replica", "PX", 60_000);
    const calendar = createGoogleCalendar({
      tokenUrl: google.tokenUrl,
      revokeUrl: google.revokeUrl,
      apiUrl: google.calendarApiUrl,
      clientId: "amia-web",
      clientSecret: "secret",
      tokens,
      logger: quietLogger(),
      refreshLock: createRedisLock(redis, { keyPrefix, ttlMs: 15_000 }),
      refreshWaitMs: 300,
    });

    expect(await calendar.listEvents(user.id, range())).toEqual([]);
    expect(google.tokens.refreshCount(user.refreshToken)).toBe(1);
    // Someone else's lock is not ours to delete.
    expect(await redis.get(keyPrefix + user.id)).toBe("crashed-replica");
  });
});
