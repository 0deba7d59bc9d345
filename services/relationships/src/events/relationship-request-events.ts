import { createEvent } from "@amia/kit";
import type { TEventOf } from "@amia/contracts";
import type { RelationshipRequestDocument } from "../store/requests-store.ts";

/** The `producer` of every event this service emits; a wire name. */
export const PRODUCER = "relationships";

type Request = Omit<RelationshipRequestDocument, "outbox">;

/** A person as the events name them (names and emails, so no consumer calls back). */
export interface Person {
  user_id: string;
  full_name: string | null;
  email: string;
}

export function requestCreated(request: Request): TEventOf<"relationship-request.created"> {
  return createEvent(PRODUCER, "relationship-request.created", {
    subject: request._id,
    actor_id: request.requester_id,
    data: {
      request_id: request._id,
      requester_id: request.requester_id,
      requester_full_name: request.requester_full_name,
      requester_email: request.requester_email,
      requested_email: request.requested_email,
      requested_user_id: request.requested_user_id,
      created_at: request.created_at,
    },
  });
}

/** A waiting request reached the email's new owner; no one acted, so there is no actor. */
export function requestDelivered(request: Request, requester: Person, recipientId: string): TEventOf<"relationship-request.delivered"> {
  return createEvent(PRODUCER, "relationship-request.delivered", {
    subject: request._id,
    actor_id: null,
    data: {
      request_id: request._id,
      requester_id: request.requester_id,
      requester_full_name: requester.full_name,
      requester_email: requester.email,
      requested_email: request.requested_email,
      requested_user_id: recipientId,
    },
  });
}

export function requestAccepted(request: Request, recipient: Person, relationshipId: string): TEventOf<"relationship-request.accepted"> {
  return createEvent(PRODUCER, "relationship-request.accepted", {
    subject: request._id,
    actor_id: recipient.user_id,
    data: {
      request_id: request._id,
      requester_id: request.requester_id,
      requested_user_id: recipient.user_id,
      requested_full_name: recipient.full_name,
      requested_email: recipient.email,
      relationship_id: relationshipId,
    },
  });
}

export function requestRejected(request: Request, recipient: Person): TEventOf<"relationship-request.rejected"> {
  return createEvent(PRODUCER, "relationship-request.rejected", {
    subject: request._id,
    actor_id: recipient.user_id,
    data: {
      request_id: request._id,
      requester_id: request.requester_id,
      requested_user_id: recipient.user_id,
      requested_full_name: recipient.full_name,
      requested_email: recipient.email,
    },
  });
}

/** `status` is what the request was when the requester deleted it. */
export function requestDeleted(request: Request): TEventOf<"relationship-request.deleted"> {
  return createEvent(PRODUCER, "relationship-request.deleted", {
    subject: request._id,
    actor_id: request.requester_id,
    data: {
      request_id: request._id,
      requester_id: request.requester_id,
      requested_email: request.requested_email,
      requested_user_id: request.requested_user_id,
      status: request.status,
    },
  });
}
