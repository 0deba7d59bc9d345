import { Hono } from "hono";
import { validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZAvailabilityBodySchema } from "@amia/contracts";
import type { GoogleCalendar } from "../google/google-calendar.ts";
import { readAvailability } from "../operations/read-availability.ts";
import type { SharingProjection } from "../store/sharing-projection.ts";
import { fromGoogle } from "./calendar.ts";

/** Mutual free time: my busy times and those of connections who share theirs (issue 10 point 5). */
export function availabilityRoutes({ google, sharing, auth }: { google: GoogleCalendar; sharing: SharingProjection; auth: ServiceAuth }) {
  const routes = new Hono<ServiceEnv>();
  routes.post("/api/v1/calendar/availability", auth.requireUser, validate("json", ZAvailabilityBodySchema), async (c) =>
    c.json(await fromGoogle(() => readAvailability({ google, sharing }, c.var.user.id, c.req.valid("json")))),
  );
  return routes;
}
