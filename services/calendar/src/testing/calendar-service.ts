import { randomBytes, randomUUID } from "node:crypto";
import type { Queue } from "bullmq";
import type { ServiceModuleFactory } from "@amia/kit";
import { testInfra, type MountedService, type TestHarness } from "@amia/kit/testing";
import type { GoogleStandIn, IssuedTokens } from "@amia/google-stand-in";
import { createCalendarService, type CalendarServiceConfig } from "../app.ts";

/**
 * Gives `userId` a Google account in the stand-in and hands its tokens to the calendar service
 * the way the BFF does at sign-in (the internal route). Resolves the issued tokens; the refresh
 * token names the account in the stand-in.
 */
export async function connectGoogleAccount(harness: TestHarness, calendar: MountedService, google: GoogleStandIn, userId: string): Promise<IssuedTokens> {
  const issued = google.tokens.issue();
  const token = await harness.authority.mint({ id: "bff", kind: "service" }, "calendar");
  const response = await calendar.app.request(`/internal/users/${userId}/google-tokens`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ access_token: issued.access_token, refresh_token: issued.refresh_token, expires_at: new Date(issued.expires_at).toISOString() }),
  });
  if (response.status !== 204) throw new Error(`storing Google tokens answered ${response.status}`);
  return issued;
}

export type TestCalendarOptions = Partial<Pick<CalendarServiceConfig, "sync" | "adminUserIds" | "tokenEncryptionKey" | "queuePrefix" | "twoWay">>;

/**
 * The calendar service as tests build it: against this stand-in, on a Redis prefix of its own
 * (unless given), with a fresh token key (unless a restart passes the one before) and a small
 * backoff so retries take milliseconds (production: 2 s doubling, with jitter).
 */
export function calendarServiceForTests(google: GoogleStandIn, options: TestCalendarOptions = {}): ServiceModuleFactory {
  return createCalendarService({
    redisUrl: testInfra().redisUrl,
    queuePrefix: `t:${randomUUID().slice(0, 8)}`,
    google: { tokenUrl: google.tokenUrl, revokeUrl: google.revokeUrl, apiUrl: google.calendarApiUrl, clientId: "amia-web", clientSecret: "test-secret" },
    tokenEncryptionKey: randomBytes(32),
    sync: { attempts: 2, backoffMs: 20 },
    ...options,
  });
}

/** The calendar service mounted on a harness, on the harness's Redis prefix. */
export function mountCalendarService(harness: TestHarness, google: GoogleStandIn, options: TestCalendarOptions = {}): Promise<MountedService> {
  return harness.mount("calendar", calendarServiceForTests(google, { queuePrefix: harness.names.redisPrefix, ...options }));
}

/** The mounted calendar service's `calendar-sync` queue (the module hands it out for operators and tests). */
export function queueOf(calendar: MountedService): Queue {
  return (calendar.module as unknown as { queue: Queue }).queue;
}
