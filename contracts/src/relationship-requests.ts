import { z } from "zod";
import { ZEmailSchema, ZIdSchema, ZTimestampSchema, emailInput } from "./common.ts";
import { DEFAULT_TAKE, pageShape, paginationQuery } from "./pagination.ts";
import { ZRelationshipSchema } from "./relationships.ts";

/*
 * Relationship requests: SPEC.md sections 3, 4 and 7, issue 3. Wire names.
 */

/** Wire and storage values: never rename. */
export const RELATIONSHIP_REQUEST_STATUSES = ["pending", "accepted", "rejected"] as const;
export const ZRelationshipRequestStatusSchema = z.enum(RELATIONSHIP_REQUEST_STATUSES);
export type TRelationshipRequestStatus = z.infer<typeof ZRelationshipRequestStatusSchema>;

export const ZRelationshipRequestSchema = z.object({
  id: ZIdSchema,
  created_at: ZTimestampSchema,
  status: ZRelationshipRequestStatusSchema,
  /** As typed by the requester, trimmed and lower-cased; the requested person may have no account yet. */
  requested_email: ZEmailSchema,
  /** `id` is additive to the spec's `{full_name, email}`. */
  requester: z.object({
    id: ZIdSchema,
    full_name: z.string().nullable(),
    email: ZEmailSchema,
  }),
});
export type TRelationshipRequest = z.infer<typeof ZRelationshipRequestSchema>;

/** POST /api/v1/relationship-requests. Response: `ZRelationshipRequestResponseSchema`, 201. */
export const ZCreateRelationshipRequestBodySchema = z.object({
  requested_email: emailInput("requested_email"),
});
export type TCreateRelationshipRequestBody = z.infer<typeof ZCreateRelationshipRequestBodySchema>;

/**
 * GET /api/v1/relationship-requests/sent and /received: paged like every list (10 a page by
 * default, at most MAX_TAKE), with an optional status filter.
 */
export const ZListRelationshipRequestsQuerySchema = paginationQuery(DEFAULT_TAKE).extend({
  status: z
    .enum(RELATIONSHIP_REQUEST_STATUSES, {
      error: `status must be one of: ${RELATIONSHIP_REQUEST_STATUSES.join(", ")}`,
    })
    .optional(),
});
export type TListRelationshipRequestsQuery = z.infer<typeof ZListRelationshipRequestsQuerySchema>;

/**
 * Newest first. Not paged in the spec; paged since issue 13 (one person had sent 200), with the
 * page fields added beside the list, so a client reading only the list still works.
 */
export const ZListRelationshipRequestsResponseSchema = z.object({
  relationship_requests: z.array(ZRelationshipRequestSchema),
  ...pageShape,
});
export type TListRelationshipRequestsResponse = z.infer<typeof ZListRelationshipRequestsResponseSchema>;

/**
 * PATCH /api/v1/relationship-requests/{id}. The spec shows no payload. Decided: the one thing
 * that changes on a request is its answer, so PATCH `{status: "accepted" | "rejected"}` is the
 * same act as POST .../approve or .../reject, with the same rules (only the requested user, only
 * while pending) and the same responses. Nothing else is editable; other keys are refused.
 */
export const ZUpdateRelationshipRequestBodySchema = z.strictObject({
  status: z.enum(["accepted", "rejected"], { error: 'status must be "accepted" or "rejected"' }),
});
export type TUpdateRelationshipRequestBody = z.infer<typeof ZUpdateRelationshipRequestBodySchema>;

/** POST, GET `{id}`, POST `{id}/reject`, PATCH to rejected. DELETE answers 204 with no body. */
export const ZRelationshipRequestResponseSchema = z.object({
  relationship_request: ZRelationshipRequestSchema,
});
export type TRelationshipRequestResponse = z.infer<typeof ZRelationshipRequestResponseSchema>;

/**
 * POST `{id}/approve` (no body), PATCH to accepted: the accepted request and the relationship
 * it created, so the web app can show both without a second call.
 */
export const ZApproveRelationshipRequestResponseSchema = z.object({
  relationship_request: ZRelationshipRequestSchema,
  relationship: ZRelationshipSchema,
});
export type TApproveRelationshipRequestResponse = z.infer<typeof ZApproveRelationshipRequestResponseSchema>;
