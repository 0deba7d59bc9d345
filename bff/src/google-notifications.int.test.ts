import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { calendarServiceForTests } from "../../services/calendar/src/testing/calendar-service.ts";
import { GOOGLE_NOTIFICATIONS_PATH } from "./routes/google-notifications.ts";
import { createWorld, type World } from "./testing/world.ts";

/*
 * Google's push notifications reach the calendar service through the whole BFF (its public
 * origin): no session and no CSRF header, as Google sends neither. What a notification does is
 * services/calendar/src/two-way-sync.int.test.ts's; here, that it gets through, and that bad ones
 * are refused with the calendar's 4xx.
 */

let world: World;
let google: GoogleStandIn;
beforeEach(async () => {
  google = await createGoogleStandIn();
  world = await createWorld({ label: "bff-google-notifications", services: { calendar: calendarServiceForTests(google) } });
});
afterEach(async () => {
  await world.close();
  await google.close();
});

const notify = (headers: Record<string, string>) => fetch(`${world.bff.url}${GOOGLE_NOTIFICATIONS_PATH}`, { method: "POST", headers });
const googleHeaders = { "X-Goog-Channel-ID": "c-1", "X-Goog-Channel-Token": "t", "X-Goog-Resource-ID": "r-1", "X-Goog-Resource-State": "exists", "X-Goog-Message-Number": "2" };

describe("POST /api/v1/google/calendar/notifications", () => {
  it("passes Google's headers to the calendar service without a session or CSRF header: an unknown channel is its 404", async () => {
    const response = await notify(googleHeaders);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("names a missing or unknown header's field with a 400, and lists nothing in Google", async () => {
    const { "X-Goog-Channel-Token": _token, ...withoutToken } = googleHeaders;
    const missing = await notify(withoutToken);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("channel_token");
    const badState = await notify({ ...googleHeaders, "X-Goog-Resource-State": "exploded" });
    expect(badState.status).toBe(400);
    expect(JSON.stringify(await badState.json())).toContain("resource_state");
    expect(google.calls()).toEqual([]);
  });
});
