import { Hono } from "hono";
import { notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import {
  dateRangeToEpochRange,
  ZCreateEventRequestBodySchema,
  ZIdParamsSchema,
  ZListEventRequestsQuerySchema,
  ZListEventRequestsWithApprovalsQuerySchema,
  ZReviewDecisionBodySchema,
  ZUpdateEventRequestBodySchema,
} from "@amia/contracts";
import { createEventRequest } from "../operations/create-event-request.ts";
import { deleteEventRequest, editEventRequest } from "../operations/edit-event-request.ts";
import { reviewEventRequest } from "../operations/review-event-request.ts";
import { toEventRequest, type EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

interface Deps {
  store: EventRequestsStore;
  people: PeopleProjection;
  auth: ServiceAuth;
  onWrite: () => void;
}

const BASE = "/api/v1/event-requests";

export function eventRequestsRoutes({ store, people, auth, onWrite }: Deps) {
  const routes = new Hono<ServiceEnv>();
  routes.use(`${BASE}/*`, auth.requireUser);
  routes.use(BASE, auth.requireUser);

  routes.post(BASE, validate("json", ZCreateEventRequestBodySchema), async (c) => {
    const doc = await createEventRequest({ store, people }, c.var.user.id, c.req.valid("json"));
    onWrite();
    return c.json({ event_request: toEventRequest(doc) }, 201);
  });

  routes.get(BASE, validate("query", ZListEventRequestsQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const range = dateRangeToEpochRange({ from: query.start_date_from, to: query.start_date_to, timeZone: query.time_zone });
    const docs = await store.list(c.var.user.id, {
      role: query.role,
      status: query.status,
      importanceLevel: query.importance_level,
      createdBy: query.created_by,
      startFromMs: range.fromMs,
      startToExclusiveMs: range.toExclusiveMs,
    });
    return c.json({ event_requests: docs.map(toEventRequest) });
  });

  // Before `/:id`, which would otherwise take "with-approvals" for an id.
  routes.get(`${BASE}/with-approvals`, validate("query", ZListEventRequestsWithApprovalsQuerySchema), async (c) => {
    const { role, status, skip, take } = c.req.valid("query");
    const { docs, total } = await store.page(c.var.user.id, { role, status }, skip, take);
    return c.json({ event_requests: docs.map(toEventRequest), skip, take, total_count: total });
  });

  const getOne = async (userId: string, id: string) => {
    const doc = await store.findVisible(userId, id);
    if (!doc) throw notFound("Event request");
    return { event_request: toEventRequest(doc) };
  };
  routes.get(`${BASE}/:id`, validate("param", ZIdParamsSchema), async (c) => c.json(await getOne(c.var.user.id, c.req.valid("param").id)));
  routes.get(`${BASE}/:id/with-approvers`, validate("param", ZIdParamsSchema), async (c) => c.json(await getOne(c.var.user.id, c.req.valid("param").id)));

  routes.patch(`${BASE}/:id`, validate("param", ZIdParamsSchema), validate("json", ZUpdateEventRequestBodySchema), async (c) => {
    const doc = await editEventRequest(store, c.var.user.id, c.req.valid("param").id, c.req.valid("json"));
    onWrite();
    return c.json({ event_request: toEventRequest(doc) });
  });

  routes.delete(`${BASE}/:id`, validate("param", ZIdParamsSchema), async (c) => {
    await deleteEventRequest(store, c.var.user.id, c.req.valid("param").id);
    onWrite();
    return c.body(null, 204);
  });

  for (const [action, decision] of [["approve", "approved"], ["reject", "rejected"]] as const) {
    routes.post(`${BASE}/:id/approvals/${action}`, validate("param", ZIdParamsSchema), validate("json", ZReviewDecisionBodySchema.optional().default({})), async (c) => {
      const doc = await reviewEventRequest({ store, people }, c.var.user.id, c.req.valid("param").id, decision, c.req.valid("json").response_notes || null);
      onWrite();
      return c.json({ event_request: toEventRequest(doc) });
    });
  }

  return routes;
}
