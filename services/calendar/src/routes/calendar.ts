import { Hono } from "hono";
import { AppError, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZFreeBusyBodySchema, ZListCalendarEventsQuerySchema } from "@amia/contracts";
import { toCalendarEvent } from "../domain/google-event.ts";
import { GoogleApiError, NotConnectedError, ReconnectRequiredError, type GoogleCalendar } from "../google/google-calendar.ts";

interface Deps {
  google: GoogleCalendar;
  auth: ServiceAuth;
}

const DEFAULT_WINDOW_MS = 30 * 24 * 60 * 60 * 1_000;

/** Google's answers, worded for the caller (409 for what the user can fix by signing in again). */
export async function fromGoogle<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NotConnectedError) throw new AppError("conflict", "Google Calendar is not connected");
    if (error instanceof ReconnectRequiredError) throw new AppError("conflict", "Google Calendar needs to be reconnected: please sign in again");
    if (error instanceof GoogleApiError || error instanceof TypeError) throw new AppError("upstream_unavailable", "Google Calendar is unavailable; please try again");
    throw error;
  }
}

/** The signed-in user's Google Calendar, read through: upcoming events and busy times. */
export function calendarRoutes({ google, auth }: Deps) {
  const routes = new Hono<ServiceEnv>();
  routes.use("/api/v1/calendar/*", auth.requireUser);

  routes.get("/api/v1/calendar/events", validate("query", ZListCalendarEventsQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const timeMin = query.timeMin ?? new Date().toISOString();
    const timeMax = query.timeMax ?? new Date(Date.parse(timeMin) + DEFAULT_WINDOW_MS).toISOString();
    const events = await fromGoogle(() => google.listEvents(c.var.user.id, { timeMin, timeMax }));
    return c.json({ events: events.map(toCalendarEvent) });
  });

  routes.post("/api/v1/calendar/free-busy", validate("json", ZFreeBusyBodySchema), async (c) => {
    const busy = await fromGoogle(() => google.busy(c.var.user.id, c.req.valid("json")));
    return c.json({ busy });
  });

  return routes;
}
