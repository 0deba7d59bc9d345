import { Hono } from "hono";
import { idempotencyKeyOf, idempotentCreate, notFound, validate, type ServiceAuth, type ServiceEnv, type ServiceModuleDeps, type TIdempotentCreate, type TInternalUser } from "@amia/kit";
import {
  ZCreateRelationshipRequestBodySchema,
  ZIdParamsSchema,
  ZListRelationshipRequestsQuerySchema,
  ZUpdateRelationshipRequestBodySchema,
  type TApproveRelationshipRequestResponse,
  type TListRelationshipRequestsResponse,
  type TRelationshipRequestResponse,
} from "@amia/contracts";
import { acceptedAlready, answerOnce, declinedAlready } from "../operations/answer-again.ts";
import { acceptRequest, rejectRequest } from "../operations/answer-request.ts";
import { deleteRequest } from "../operations/delete-request.ts";
import type { RequestQuotas } from "../domain/request-quotas.ts";
import { RELATIONSHIP_REQUEST_IDEMPOTENCY_SCOPE, sendRequest } from "../operations/send-request.ts";
import { relationshipView, requestView, requestViews } from "../operations/views.ts";
import type { Stores } from "../store/stores.ts";

export interface RoutesDeps {
  stores: Stores;
  auth: ServiceAuth;
  logger: ServiceModuleDeps["logger"];
  quotas: RequestQuotas;
}

const BASE = "/api/v1/relationship-requests";

/** POST of a request; also what POST /api/v1/relationships does (contracts/src/relationships.ts). */
export async function sendAndRespond({ stores, quotas }: Pick<RoutesDeps, "stores" | "quotas">, actor: TInternalUser, requestedEmail: string, keyed: TIdempotentCreate | null = null): Promise<TRelationshipRequestResponse> {
  const request = await sendRequest(stores, actor, requestedEmail, { quotas, keyed });
  return { relationship_request: requestView(request, await stores.users.findById(request.requester_id)) };
}

/** Relationship requests: SPEC.md section 7; every route acts only for `c.var.user`. */
export function relationshipRequestsRoutes({ stores, auth, logger, quotas }: RoutesDeps) {
  const routes = new Hono<ServiceEnv>();

  const accept = async (requestId: string, actorId: string): Promise<TApproveRelationshipRequestResponse> => {
    const { request, relationship } = await answerOnce(() => acceptRequest(stores, requestId, actorId, { logger }), () => acceptedAlready(stores, requestId, actorId));
    const requester = await stores.users.findById(request.requester_id);
    return { relationship_request: requestView(request, requester), relationship: relationshipView(relationship, actorId, requester) };
  };

  const reject = async (requestId: string, actorId: string): Promise<TRelationshipRequestResponse> => {
    const request = await answerOnce(() => rejectRequest(stores, requestId, actorId), () => declinedAlready(stores, requestId, actorId));
    return { relationship_request: requestView(request, await stores.users.findById(request.requester_id)) };
  };

  routes.post(BASE, auth.requireUser, validate("json", ZCreateRelationshipRequestBodySchema), async (c) => {
    const body = c.req.valid("json");
    const keyed = idempotentCreate(RELATIONSHIP_REQUEST_IDEMPOTENCY_SCOPE, c.var.user.id, idempotencyKeyOf(c), body);
    return c.json(await sendAndRespond({ stores, quotas }, c.var.user, body.requested_email, keyed), 201);
  });

  // The fixed paths come before `/:id`, which would otherwise take "sent" for an id.
  routes.get(`${BASE}/sent`, auth.requireUser, validate("query", ZListRelationshipRequestsQuerySchema), async (c) => {
    const { status, skip, take } = c.req.valid("query");
    const page = await stores.requests.listSent(c.var.user.id, status, { skip, take });
    return c.json({ relationship_requests: await requestViews(stores.users, page.requests), skip, take, total_count: page.total_count } satisfies TListRelationshipRequestsResponse);
  });

  routes.get(`${BASE}/received`, auth.requireUser, validate("query", ZListRelationshipRequestsQuerySchema), async (c) => {
    const { status, skip, take } = c.req.valid("query");
    const page = await stores.requests.listReceived(c.var.user.id, status, { skip, take });
    return c.json({ relationship_requests: await requestViews(stores.users, page.requests), skip, take, total_count: page.total_count } satisfies TListRelationshipRequestsResponse);
  });

  routes.get(`${BASE}/:id`, auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    const request = await stores.requests.findVisible(c.req.valid("param").id, c.var.user.id);
    if (!request) throw notFound("Relationship request");
    return c.json({ relationship_request: requestView(request, await stores.users.findById(request.requester_id)) });
  });

  /** `{status}` is the same act as approve / reject (contracts: ZUpdateRelationshipRequestBodySchema). */
  routes.patch(`${BASE}/:id`, auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZUpdateRelationshipRequestBodySchema), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(c.req.valid("json").status === "accepted" ? await accept(id, c.var.user.id) : await reject(id, c.var.user.id));
  });

  routes.delete(`${BASE}/:id`, auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    await deleteRequest(stores, c.req.valid("param").id, c.var.user.id);
    return c.body(null, 204);
  });

  routes.post(`${BASE}/:id/approve`, auth.requireUser, validate("param", ZIdParamsSchema), async (c) => c.json(await accept(c.req.valid("param").id, c.var.user.id)));

  routes.post(`${BASE}/:id/reject`, auth.requireUser, validate("param", ZIdParamsSchema), async (c) => c.json(await reject(c.req.valid("param").id, c.var.user.id)));

  return routes;
}
