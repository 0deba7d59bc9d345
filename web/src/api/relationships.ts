import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TListRelationshipRequestsResponse, TListRelationshipsResponse, TRelationshipRequestResponse, TRelationshipRequestStatus } from "@amia/contracts";
import { api } from "./client.ts";
import { keys } from "./keys.ts";
import { retryWriteOnce, useSubmissionKeys, WRITE_RETRY_DELAY_MS } from "./submission.ts";

export function useRelationships(params: { skip?: number; take?: number } = {}) {
  const query = { skip: params.skip ?? 0, take: params.take ?? 10 };
  return useQuery({
    queryKey: keys.relationshipList(query),
    queryFn: ({ signal }) => api<TListRelationshipsResponse>("/api/v1/relationships", { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Everyone I am related to (for the reviewer select): the first 100. */
export function useAllRelationships() {
  return useRelationships({ skip: 0, take: 100 });
}

/** One page of the requests I sent or received (paged like every list: 10 by default). */
export function useRelationshipRequests(box: "sent" | "received", params: { status?: TRelationshipRequestStatus; skip?: number; take?: number } = {}) {
  const query = { status: params.status ?? null, skip: params.skip ?? 0, take: params.take ?? 10 };
  return useQuery({
    queryKey: keys.relationshipRequestList(box, query),
    queryFn: ({ signal }) => api<TListRelationshipRequestsResponse>(`/api/v1/relationship-requests/${box}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateRelationships() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.relationshipRequests }),
      client.invalidateQueries({ queryKey: keys.relationships }),
      client.invalidateQueries({ queryKey: keys.notifications }),
    ]);
}

/** One key per submission (api/submission.ts): a double click or a retry sends one request. */
export function useSendRelationshipRequest() {
  const invalidate = useInvalidateRelationships();
  const submissions = useSubmissionKeys();
  return useMutation({
    mutationFn: async (requested_email: string) => {
      const body = { requested_email };
      return (await api<TRelationshipRequestResponse>("/api/v1/relationship-requests", { method: "POST", body, idempotencyKey: submissions.keyFor(body) })).relationship_request;
    },
    retry: retryWriteOnce,
    retryDelay: WRITE_RETRY_DELAY_MS,
    onSuccess: () => {
      submissions.settle();
      return invalidate();
    },
  });
}

/** Accept or decline: the same answer again is a success, so a retry is safe. */
export function useAnswerRelationshipRequest() {
  const invalidate = useInvalidateRelationships();
  return useMutation({
    retry: retryWriteOnce,
    retryDelay: WRITE_RETRY_DELAY_MS,
    mutationFn: ({ id, answer }: { id: string; answer: "approve" | "reject" }) =>
      api<unknown>(`/api/v1/relationship-requests/${encodeURIComponent(id)}/${answer}`, { method: "POST" }),
    onSuccess: invalidate,
  });
}

export function useDeleteRelationshipRequest() {
  const invalidate = useInvalidateRelationships();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/relationship-requests/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

export function useDeleteRelationship() {
  const invalidate = useInvalidateRelationships();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/relationships/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
