import { Hono } from "hono";
import { AppError, notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZGoogleNotificationSchema } from "@amia/contracts";
import type { TwoWaySync } from "../operations/two-way-sync.ts";

/**
 * Google's push notifications, as the BFF's public route hands them over (service token; the
 * X-Goog-* headers as a JSON body). Only a notification naming a channel we opened, with that
 * channel's token, starts a sync; anything else is a 4xx and does nothing.
 */
export function googleNotificationsRoutes({ twoWaySync, auth }: { twoWaySync: TwoWaySync; auth: ServiceAuth }) {
  const routes = new Hono<ServiceEnv>();
  routes.post("/internal/google/calendar/notifications", auth.requireService, validate("json", ZGoogleNotificationSchema), async (c) => {
    const outcome = await twoWaySync.handleNotification(c.req.valid("json"));
    if (outcome === "unknown_channel") throw notFound("Channel");
    if (outcome === "bad_token") throw new AppError("forbidden", "The channel token does not match");
    // Answered before the sync runs: Google wants a quick 2xx.
    return c.json({ status: "accepted" }, 202);
  });
  return routes;
}
