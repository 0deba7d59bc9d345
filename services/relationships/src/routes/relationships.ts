import { Hono } from "hono";
import { idempotencyKeyOf, idempotentCreate, notFound, validate, type ServiceEnv } from "@amia/kit";
import { ZCreateRelationshipBodySchema, ZIdParamsSchema, ZListRelationshipsQuerySchema, ZUpdateRelationshipBodySchema } from "@amia/contracts";
import { deleteRelationship } from "../operations/delete-relationship.ts";
import { relationshipViewFor, relationshipViews } from "../operations/views.ts";
import { RELATIONSHIP_REQUEST_IDEMPOTENCY_SCOPE } from "../operations/send-request.ts";
import { sendAndRespond, type RoutesDeps } from "./relationship-requests.ts";

const BASE = "/api/v1/relationships";

/** Relationships: SPEC.md section 7; a user sees only those they are a side of. */
export function relationshipsRoutes({ stores, auth, quotas }: RoutesDeps) {
  const routes = new Hono<ServiceEnv>();

  /** Creates a request, not a relationship: the other person must consent (contracts/src/relationships.ts). */
  routes.post(BASE, auth.requireUser, validate("json", ZCreateRelationshipBodySchema), async (c) => {
    const body = c.req.valid("json");
    // The same act as POST /relationship-requests, so the same key scope: a key is one request either way.
    const keyed = idempotentCreate(RELATIONSHIP_REQUEST_IDEMPOTENCY_SCOPE, c.var.user.id, idempotencyKeyOf(c), body);
    return c.json(await sendAndRespond({ stores, quotas }, c.var.user, body.requested_email, keyed), 201);
  });

  routes.get(BASE, auth.requireUser, validate("query", ZListRelationshipsQuerySchema), async (c) => {
    const { skip, take } = c.req.valid("query");
    const { items, total } = await stores.relationships.listFor(c.var.user.id, skip, take);
    return c.json({ relationships: await relationshipViews(stores.users, items, c.var.user.id), skip, take, total_count: total });
  });

  routes.get(`${BASE}/:id`, auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    const relationship = await stores.relationships.findVisible(c.req.valid("param").id, c.var.user.id);
    if (!relationship) throw notFound("Relationship");
    return c.json({ relationship: await relationshipViewFor(stores.users, relationship, c.var.user.id) });
  });

  /** Nothing about a relationship is editable yet: `{}` only, answered with it unchanged. */
  routes.patch(`${BASE}/:id`, auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZUpdateRelationshipBodySchema), async (c) => {
    const relationship = await stores.relationships.findVisible(c.req.valid("param").id, c.var.user.id);
    if (!relationship) throw notFound("Relationship");
    return c.json({ relationship: await relationshipViewFor(stores.users, relationship, c.var.user.id) });
  });

  routes.delete(`${BASE}/:id`, auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    await deleteRelationship(stores, c.req.valid("param").id, c.var.user.id);
    return c.body(null, 204);
  });

  return routes;
}
