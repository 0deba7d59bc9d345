import { Hono } from "hono";
import type { ServiceEnv } from "@amia/kit";
import type { UpstreamClient } from "../upstream/upstream-client.ts";

/** The path Google's push channels post to; the calendar service builds watch addresses with it (PUBLIC_ORIGIN + this). */
export const GOOGLE_NOTIFICATIONS_PATH = "/api/v1/google/calendar/notifications";

const BFF_PRINCIPAL = { id: "bff", kind: "service" } as const;

/*
 * Google's push notifications for events.watch channels (two-way sync) reach the calendar
 * service here, at the public origin: no session (Google has none), no CSRF header (Google
 * sends none), so the route is mounted before those checks. The caller is verified by the
 * calendar service, against the channel's token (constant-time); Google's X-Goog-* headers go on
 * as a JSON body (contracts ZGoogleNotificationSchema), and the calendar's answer comes back as is:
 * 202 for a notification that starts a sync, 400 naming a missing header, 403/404 for a channel
 * or token it does not know (nothing is done).
 */
export function googleNotificationsRoutes({ upstream }: { upstream: UpstreamClient }) {
  const routes = new Hono<ServiceEnv>();
  routes.post(GOOGLE_NOTIFICATIONS_PATH, async (c) => {
    const header = (name: string) => c.req.header(name);
    // Google's header names → our body's field names; an absent header is left out, so the calendar names it.
    const fields = {
      channel_id: header("x-goog-channel-id"),
      channel_token: header("x-goog-channel-token"),
      resource_id: header("x-goog-resource-id"),
      resource_state: header("x-goog-resource-state"),
      message_number: header("x-goog-message-number"),
    };
    const body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const answer = await upstream.json({
      service: "calendar",
      method: "POST",
      path: "/internal/google/calendar/notifications",
      principal: BFF_PRINCIPAL,
      requestId: c.var.requestId,
      body: JSON.stringify(body),
      contentType: "application/json",
    });
    c.header("cache-control", "no-store");
    return c.json(answer.body as object, answer.status as 202);
  });
  return routes;
}
