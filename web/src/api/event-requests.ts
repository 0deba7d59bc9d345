import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TEventRequest,
  TListEventRequestsResponse,
  TCreateEventRequestBody,
  TEventRequestResponse,
  TListEventRequestsWithApprovalsResponse,
  TSmartParseRequest,
  TSmartParseResult,
  TUpdateEventRequestBody,
} from "@amia/contracts";
import { api } from "./client.ts";
import { keys } from "./keys.ts";
import { retryWriteOnce, useSubmissionKeys, WRITE_RETRY_DELAY_MS } from "./submission.ts";

/** "creator": requests I made; "reviewer": requests others asked me to review. */
export type EventRequestRole = "creator" | "reviewer";

export interface EventRequestListParams {
  role?: EventRequestRole;
  skip?: number;
  take?: number;
  status?: "pending" | "approved" | "rejected";
}

export function useEventRequests(params: EventRequestListParams = {}) {
  const query = { role: params.role ?? "creator", skip: params.skip ?? 0, take: params.take ?? 10, status: params.status };
  return useQuery({
    queryKey: keys.eventRequestList(query),
    queryFn: ({ signal }) => api<TListEventRequestsWithApprovalsResponse>("/api/v1/event-requests/with-approvals", { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The most one calendar view reads (pages of 100): a month of requests fits many times over. */
const RANGE_PAGE_SIZE = 100;
const RANGE_MAX_PAGES = 5;

/**
 * My requests happening at some point between two instants: starting at or before `to` and
 * ending for good at or after `from` (a series by its last occurrence, one without end always),
 * every page of them up to 500: the /calendar page's. The key sits under the event requests'
 * branch, so any change to a request reloads it.
 */
export function useEventRequestsOverlapping(range: { from: string; to: string }) {
  return useQuery({
    queryKey: keys.eventRequestList({ role: "creator", end_date_from: range.from, start_date_to: range.to }),
    queryFn: async ({ signal }): Promise<TEventRequest[]> => {
      const requests: TEventRequest[] = [];
      for (let page = 0; page < RANGE_MAX_PAGES; page++) {
        const query = { role: "creator", end_date_from: range.from, start_date_to: range.to, skip: page * RANGE_PAGE_SIZE, take: RANGE_PAGE_SIZE };
        const answer = await api<TListEventRequestsResponse>("/api/v1/event-requests", { query, signal });
        requests.push(...answer.event_requests);
        if (requests.length >= answer.total_count || answer.event_requests.length === 0) break;
      }
      return requests;
    },
    staleTime: 30_000,
    // The view keeps its grid (and the keyboard focus in it) while the next week or month loads.
    placeholderData: keepPreviousData,
  });
}

/** One request with its approvers (and their names, from the BFF). */
export function useEventRequest(id: string | undefined) {
  return useQuery({
    queryKey: keys.eventRequest(id ?? ""),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => (await api<TEventRequestResponse>(`/api/v1/event-requests/${encodeURIComponent(id ?? "")}/with-approvers`, { signal })).event_request,
  });
}

function useInvalidateEventRequests() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.eventRequests });
}

/** One key per submission (api/submission.ts): a double click or a retry creates one request. */
export function useCreateEventRequest() {
  const invalidate = useInvalidateEventRequests();
  const submissions = useSubmissionKeys();
  return useMutation({
    mutationFn: async (body: TCreateEventRequestBody) =>
      (await api<TEventRequestResponse>("/api/v1/event-requests", { method: "POST", body, idempotencyKey: submissions.keyFor(body) })).event_request,
    retry: retryWriteOnce,
    retryDelay: WRITE_RETRY_DELAY_MS,
    onSuccess: () => {
      submissions.settle();
      return invalidate();
    },
  });
}

export function useUpdateEventRequest(id: string) {
  const invalidate = useInvalidateEventRequests();
  return useMutation({
    mutationFn: async (body: TUpdateEventRequestBody) =>
      (await api<TEventRequestResponse>(`/api/v1/event-requests/${encodeURIComponent(id)}`, { method: "PATCH", body })).event_request,
    onSuccess: invalidate,
  });
}

export function useDeleteEventRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/event-requests/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: keys.eventRequest(id) });
      return client.invalidateQueries({ queryKey: keys.eventRequests });
    },
  });
}

/** A reviewer's decision; optional notes. The same decision again is a success, so a retry is safe. */
export function useReviewEventRequest(id: string) {
  const invalidate = useInvalidateEventRequests();
  return useMutation({
    retry: retryWriteOnce,
    retryDelay: WRITE_RETRY_DELAY_MS,
    mutationFn: async ({ decision, response_notes }: { decision: "approve" | "reject"; response_notes?: string }) =>
      (
        await api<TEventRequestResponse>(`/api/v1/event-requests/${encodeURIComponent(id)}/approvals/${decision}`, {
          method: "POST",
          body: response_notes ? { response_notes } : {},
        })
      ).event_request,
    onSuccess: invalidate,
  });
}

/** Smart-fill: the fields the assistant found in a plain-language description. */
export function useAutoFill() {
  return useMutation({
    mutationFn: (body: TSmartParseRequest) => api<TSmartParseResult>("/api/v1/event-requests/commands/auto-fill", { method: "POST", body }),
  });
}
