import { z } from "zod";
import { ZEmailSchema, ZIdSchema, ZTimestampSchema, emailInput } from "./common.ts";
import { DEFAULT_TAKE, pageShape, paginationQuery } from "./pagination.ts";

/*
 * Relationships between two users: SPEC.md sections 3 and 7, issue 3. Wire names.
 * A relationship is symmetric; each side sees the other as `other_user`.
 */

/** A user as another user sees them: id, display name (null when the provider gave none), email. */
export const ZRelatedUserSchema = z.object({
  id: ZIdSchema,
  full_name: z.string().nullable(),
  email: ZEmailSchema,
});
export type TRelatedUser = z.infer<typeof ZRelatedUserSchema>;

export const ZRelationshipSchema = z.object({
  id: ZIdSchema,
  created_at: ZTimestampSchema,
  other_user: ZRelatedUserSchema,
});
export type TRelationship = z.infer<typeof ZRelationshipSchema>;

/**
 * POST /api/v1/relationships. The spec shows no payload. Decided: a relationship needs the
 * other person's consent, so this takes `{requested_email}` and creates a relationship
 * *request*, answering 201 with `ZRelationshipRequestResponseSchema`, exactly as POST
 * /api/v1/relationship-requests does. Relationships themselves only come from an approval.
 */
export const ZCreateRelationshipBodySchema = z.object({
  requested_email: emailInput("requested_email"),
});
export type TCreateRelationshipBody = z.infer<typeof ZCreateRelationshipBodySchema>;

/**
 * PATCH /api/v1/relationships/{id}. The spec shows no payload and a relationship has no field
 * either side may change. Decided: the body must be an empty object (any key is refused with a
 * 400 naming it) and the answer is the relationship unchanged; the route exists because the
 * spec lists it, and a future per-side setting becomes an optional key here.
 */
export const ZUpdateRelationshipBodySchema = z.strictObject({});
export type TUpdateRelationshipBody = z.infer<typeof ZUpdateRelationshipBodySchema>;

/** GET /api/v1/relationships: paged, newest first. */
export const ZListRelationshipsQuerySchema = paginationQuery(DEFAULT_TAKE);
export type TListRelationshipsQuery = z.infer<typeof ZListRelationshipsQuerySchema>;

export const ZListRelationshipsResponseSchema = z.object({
  relationships: z.array(ZRelationshipSchema),
  ...pageShape,
});
export type TListRelationshipsResponse = z.infer<typeof ZListRelationshipsResponseSchema>;

/** GET and PATCH /api/v1/relationships/{id}. DELETE answers 204 with no body. */
export const ZRelationshipResponseSchema = z.object({ relationship: ZRelationshipSchema });
export type TRelationshipResponse = z.infer<typeof ZRelationshipResponseSchema>;
