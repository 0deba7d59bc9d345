import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TListRelationshipRequestsResponse, TListRelationshipsResponse, TRelationshipRequestResponse, TRelationshipRequestStatus } from "@amia/contracts";
import { api } from "./client.ts";
import { keys } from "./keys.ts";

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

export function useSendRelationshipRequest() {
  const invalidate = useInvalidateRelationships();
  return useMutation({
    mutationFn: async (requested_email: string) =>
      (await api<TRelationshipRequestResponse>("/api/v1/relationship-requests", { method: "POST", body: { requested_email } })).relationship_request,
    onSuccess: invalidate,
  });
}

export function useAnswerRelationshipRequest() {
  const invalidate = useInvalidateRelationships();
  return useMutation({
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
