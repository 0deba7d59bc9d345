import { z } from "zod";
import { ZEmailSchema, ZIdSchema, ZTimestampSchema } from "../common.ts";

/*
 * Emitted by the relationships service. Payloads carry the names and emails a consumer needs
 * to word a notification, so nobody calls back.
 */

const person = { full_name: z.string().nullable(), email: ZEmailSchema };

// Topic `relationship-requests`, subject = the relationship request id.

/**
 * `relationship-request.created`. `requested_user_id` is null while nobody has the requested
 * email; `relationship-request.delivered` follows when that person first signs in.
 */
export const ZRelationshipRequestCreatedDataSchema = z.object({
  request_id: ZIdSchema,
  requester_id: ZIdSchema,
  requester_full_name: person.full_name,
  requester_email: person.email,
  requested_email: ZEmailSchema,
  requested_user_id: ZIdSchema.nullable(),
  created_at: ZTimestampSchema,
});
export type TRelationshipRequestCreatedData = z.infer<typeof ZRelationshipRequestCreatedDataSchema>;

/**
 * `relationship-request.delivered`: a request made to an email with no account reached its
 * person at their first sign-in (DESIGN.md "Identity"); now it is "received". Not in issue 3's
 * list: without it nobody could tell the new user, since `created` had no user id to notify.
 */
export const ZRelationshipRequestDeliveredDataSchema = z.object({
  request_id: ZIdSchema,
  requester_id: ZIdSchema,
  requester_full_name: person.full_name,
  requester_email: person.email,
  requested_email: ZEmailSchema,
  requested_user_id: ZIdSchema,
});
export type TRelationshipRequestDeliveredData = z.infer<typeof ZRelationshipRequestDeliveredDataSchema>;

/** `relationship-request.accepted`: the requested user said yes; `relationship_id` is the new relationship. */
export const ZRelationshipRequestAcceptedDataSchema = z.object({
  request_id: ZIdSchema,
  requester_id: ZIdSchema,
  requested_user_id: ZIdSchema,
  requested_full_name: person.full_name,
  requested_email: person.email,
  relationship_id: ZIdSchema,
});
export type TRelationshipRequestAcceptedData = z.infer<typeof ZRelationshipRequestAcceptedDataSchema>;

/** `relationship-request.rejected`: the requested user declined. */
export const ZRelationshipRequestRejectedDataSchema = z.object({
  request_id: ZIdSchema,
  requester_id: ZIdSchema,
  requested_user_id: ZIdSchema,
  requested_full_name: person.full_name,
  requested_email: person.email,
});
export type TRelationshipRequestRejectedData = z.infer<typeof ZRelationshipRequestRejectedDataSchema>;

/** `relationship-request.deleted`: the requester withdrew it (e.g. to retract its notification). */
export const ZRelationshipRequestDeletedDataSchema = z.object({
  request_id: ZIdSchema,
  requester_id: ZIdSchema,
  requested_email: ZEmailSchema,
  requested_user_id: ZIdSchema.nullable(),
  /** What it was when deleted: a pending one may still show as received. */
  status: z.enum(["pending", "accepted", "rejected"]),
});
export type TRelationshipRequestDeletedData = z.infer<typeof ZRelationshipRequestDeletedDataSchema>;

// Topic `relationships`, subject = the relationship id.

const ZRelationshipPartySchema = z.object({ user_id: ZIdSchema, ...person });

/**
 * `relationship.created`: both sides, with names, so the events service can answer "are A and B
 * related?" and show reviewers' names from a projection.
 */
export const ZRelationshipCreatedDataSchema = z.object({
  relationship_id: ZIdSchema,
  users: z.tuple([ZRelationshipPartySchema, ZRelationshipPartySchema]),
  /** The request it came from. */
  request_id: ZIdSchema.nullable(),
  created_at: ZTimestampSchema,
});
export type TRelationshipCreatedData = z.infer<typeof ZRelationshipCreatedDataSchema>;

/** `relationship.deleted`: either side ended it (the envelope's actor_id says who). */
export const ZRelationshipDeletedDataSchema = z.object({
  relationship_id: ZIdSchema,
  user_ids: z.tuple([ZIdSchema, ZIdSchema]),
});
export type TRelationshipDeletedData = z.infer<typeof ZRelationshipDeletedDataSchema>;
