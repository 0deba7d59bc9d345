import { Hono } from "hono";
import { idempotencyKeyOf, idempotentCreate, notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import {
  dateRangeToEpochRange,
  ZCreateEventRequestBodySchema,
  ZIdParamsSchema,
  ZListEventRequestsQuerySchema,
  ZListEventRequestsWithApprovalsQuerySchema,
  ZReviewDecisionBodySchema,
  ZUpdateEventRequestBodySchema,
  type TEventRequestResponse,
  type TListEventRequestsResponse,
  type TListEventRequestsWithApprovalsResponse,
} from "@amia/contracts";
import type { EventRequestState } from "../domain/event-request.ts";
import { createEventRequest, EVENT_REQUEST_IDEMPOTENCY_SCOPE } from "../operations/create-event-request.ts";
import { deleteEventRequest } from "../operations/delete-event-request.ts";
import { editEventRequest } from "../operations/edit-event-request.ts";
import { findVisible, pageVisible, present } from "../operations/read-event-requests.ts";
import { reviewEventRequest } from "../operations/review-event-request.ts";
import type { EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

interface Deps {
  store: EventRequestsStore;
  people: PeopleProjection;
  auth: ServiceAuth;
  /** The most event requests one person may have waiting for answers (domain/open-requests-quota.ts). */
  maxOpenPerUser: number;
}

const BASE = "/api/v1/event-requests";

export function eventRequestsRoutes({ store, people, auth, maxOpenPerUser }: Deps) {
  const deps = { store, people };
  const routes = new Hono<ServiceEnv>();
  routes.use(`${BASE}/*`, auth.requireUser);
  routes.use(BASE, auth.requireUser);

  /** One request as every single-request route answers it, its people named. */
  const one = async (state: EventRequestState): Promise<TEventRequestResponse> => ({ event_request: (await present(deps, [state]))[0]! });

  routes.post(BASE, validate("json", ZCreateEventRequestBodySchema), async (c) => {
    const body = c.req.valid("json");
    const keyed = idempotentCreate(EVENT_REQUEST_IDEMPOTENCY_SCOPE, c.var.user.id, idempotencyKeyOf(c), body);
    const state = await createEventRequest({ ...deps, maxOpenPerUser }, c.var.user.id, body, new Date(), keyed);
    return c.json(await one(state), 201);
  });

  routes.get(BASE, validate("query", ZListEventRequestsQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { skip, take } = query;
    const range = dateRangeToEpochRange({ from: query.start_date_from, to: query.start_date_to, timeZone: query.time_zone });
    const filter = {
      role: query.role,
      status: query.status,
      importanceLevel: query.importance_level,
      createdBy: query.created_by,
      startFromMs: range.fromMs,
      startToExclusiveMs: range.toExclusiveMs,
      endFromMs: dateRangeToEpochRange({ from: query.end_date_from, timeZone: query.time_zone }).fromMs,
    };
    const { docs, total } = await pageVisible(deps, c.var.user.id, filter, "start", { skip, take });
    return c.json({ event_requests: await present(deps, docs), skip, take, total_count: total } satisfies TListEventRequestsResponse);
  });

  // Before `/:id`, which would otherwise take "with-approvals" for an id.
  routes.get(`${BASE}/with-approvals`, validate("query", ZListEventRequestsWithApprovalsQuerySchema), async (c) => {
    const { role, status, skip, take } = c.req.valid("query");
    const { docs, total } = await pageVisible(deps, c.var.user.id, { role, status }, "newest", { skip, take });
    return c.json({ event_requests: await present(deps, docs), skip, take, total_count: total } satisfies TListEventRequestsWithApprovalsResponse);
  });

  const getOne = async (userId: string, id: string) => {
    const state = await findVisible(deps, userId, id);
    if (!state) throw notFound("Event request");
    return one(state);
  };
  routes.get(`${BASE}/:id`, validate("param", ZIdParamsSchema), async (c) => c.json(await getOne(c.var.user.id, c.req.valid("param").id)));
  routes.get(`${BASE}/:id/with-approvers`, validate("param", ZIdParamsSchema), async (c) => c.json(await getOne(c.var.user.id, c.req.valid("param").id)));

  routes.patch(`${BASE}/:id`, validate("param", ZIdParamsSchema), validate("json", ZUpdateEventRequestBodySchema), async (c) => {
    const state = await editEventRequest(deps, c.var.user.id, c.req.valid("param").id, c.req.valid("json"));
    return c.json(await one(state));
  });

  routes.delete(`${BASE}/:id`, validate("param", ZIdParamsSchema), async (c) => {
    await deleteEventRequest(deps, c.var.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });

  for (const [action, decision] of [["approve", "approved"], ["reject", "rejected"]] as const) {
    routes.post(`${BASE}/:id/approvals/${action}`, validate("param", ZIdParamsSchema), validate("json", ZReviewDecisionBodySchema.optional().default({})), async (c) => {
      const state = await reviewEventRequest(deps, c.var.user.id, c.req.valid("param").id, decision, c.req.valid("json").response_notes || null);
      return c.json(await one(state));
    });
  }

  return routes;
}
