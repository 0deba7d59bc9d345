import { useEffect, useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { TListNotificationsQuery, TListNotificationsResponse, TMarkAllNotificationsReadResponse, TNotification } from "@amia/contracts";
import { api } from "./client.ts";
import { keys } from "./keys.ts";

export const NOTIFICATIONS_STREAM_URL = "/api/v1/notifications/stream";
/** The SSE event name the BFF sends each new notification under. */
const NOTIFICATION_EVENT = "notification";

/** What a cached list was asked for: the query params in its key (keys.notificationList). */
export type NotificationListParams = Partial<Pick<TListNotificationsQuery, "is_read" | "is_deleted" | "skip" | "take">>;

/** The dashboard's card: unread, not deleted, the newest `take` (SPEC.md section 7). */
export function useUnreadNotifications(take = 3) {
  const query = { is_read: false, is_deleted: false, skip: 0, take };
  return useQuery({
    queryKey: keys.notificationList(query),
    queryFn: ({ signal }) => api<TListNotificationsResponse>("/api/v1/notifications", { query, signal }),
  });
}

/** How many visible notifications are unread (a page of none: only the count). */
export function useUnreadNotificationCount() {
  const query = { is_read: false, is_deleted: false, skip: 0, take: 0 };
  return useQuery({
    queryKey: keys.notificationList(query),
    queryFn: ({ signal }) => api<TListNotificationsResponse>("/api/v1/notifications", { query, signal }),
    select: (list) => list.total_count,
  });
}

/** The Notifications page: read and unread, not deleted, newest first; the last page stays shown while the next loads. */
export function useNotificationsPage(page: { skip: number; take: number }) {
  const query = { is_deleted: false, ...page };
  return useQuery({
    queryKey: keys.notificationList(query),
    queryFn: ({ signal }) => api<TListNotificationsResponse>("/api/v1/notifications", { query, signal }),
    placeholderData: keepPreviousData,
  });
}

type ListCache = TListNotificationsResponse | undefined;

function paramsOf(queryKey: QueryKey): NotificationListParams {
  const params = queryKey[2];
  return typeof params === "object" && params !== null ? (params as NotificationListParams) : {};
}

/**
 * A cached list after some of its notifications were marked read (`ids`; all when null): a
 * list of unread ones loses them (SPEC.md section 4: "marking as read removes the notification
 * from the visible list"); any other list keeps them, shown as read.
 */
export function listAfterMarkedRead(list: TListNotificationsResponse, params: NotificationListParams, ids: ReadonlySet<string> | null): TListNotificationsResponse {
  const isMarked = (item: TNotification) => !item.is_read && (ids === null || ids.has(item.id));
  if (params.is_read === false) {
    if (ids === null) return { ...list, notifications: [], total_count: 0 };
    const kept = list.notifications.filter((item) => !isMarked(item));
    const removed = list.notifications.length - kept.length;
    // A count-only list (take 0) holds no items to see: it loses one per id marked.
    const counted = list.take === 0 ? ids.size : removed;
    return { ...list, notifications: kept, total_count: Math.max(0, list.total_count - counted) };
  }
  if (params.is_read === true) return list; // read ones may join it: the refetch after says so
  return { ...list, notifications: list.notifications.map((item) => (isMarked(item) ? { ...item, is_read: true } : item)) };
}

/**
 * A cached list after a new notification arrived live: put at the top of a first page that may
 * hold it (SPEC.md section 4: "a new notification is put at the top"); other pages are left as
 * they are (their refetch places it). Unchanged when it is already there.
 */
export function listWithNew(list: TListNotificationsResponse, params: NotificationListParams, notification: TNotification): TListNotificationsResponse {
  if (list.notifications.some((item) => item.id === notification.id)) return list;
  if (params.is_read === true || params.is_deleted === true) return list;
  if ((params.skip ?? 0) > 0) return list;
  return { ...list, notifications: [notification, ...list.notifications].slice(0, list.take), total_count: list.total_count + 1 };
}

/** Applies `change` to every cached notification list; returns what they were, to undo. */
async function changeLists(client: QueryClient, change: (list: TListNotificationsResponse, params: NotificationListParams) => TListNotificationsResponse) {
  await client.cancelQueries({ queryKey: keys.notifications });
  const before = client.getQueriesData<ListCache>({ queryKey: keys.notifications });
  for (const [key, list] of before) {
    if (list && Array.isArray(list.notifications)) client.setQueryData<ListCache>(key, change(list, paramsOf(key)));
  }
  return { before };
}

function restore(client: QueryClient, context: { before: Array<[QueryKey, ListCache]> } | undefined) {
  context?.before.forEach(([key, data]) => client.setQueryData(key, data));
}

/** Mark Read: the notification leaves unread lists at once, and reads as read elsewhere. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/v1/notifications/${encodeURIComponent(id)}`, { method: "PATCH", body: { is_read: true } }),
    onMutate: (id) => changeLists(client, (list, params) => listAfterMarkedRead(list, params, new Set([id]))),
    // Silent failure (SPEC.md section 8): the item comes back, nothing else is said.
    onError: (_error, _id, context) => restore(client, context),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notifications }),
  });
}

/** Mark all read (SPEC.md section 4): at once in every list; undone if the server refuses. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TMarkAllNotificationsReadResponse>("/api/v1/notifications/mark-all-read", { method: "POST", body: {} }),
    onMutate: () => changeLists(client, (list, params) => listAfterMarkedRead(list, params, null)),
    onError: (_error, _variables, context) => restore(client, context),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notifications }),
  });
}

/** Puts a new notification at the top of the cached lists that show it (SPEC.md section 4). */
export function addLiveNotification(client: QueryClient, notification: TNotification): void {
  for (const [key, list] of client.getQueriesData<ListCache>({ queryKey: keys.notifications })) {
    if (!list) continue;
    const next = listWithNew(list, paramsOf(key), notification);
    if (next !== list) client.setQueryData<ListCache>(key, next);
    // A page it does not go on still counts it: its total and later pages shift.
    else if (!list.notifications.some((item) => item.id === notification.id)) void client.invalidateQueries({ queryKey: key, exact: true });
  }
  // What a notification is about has changed too: a request to review, an answer, a new relationship.
  void client.invalidateQueries({ queryKey: keys.eventRequests });
  void client.invalidateQueries({ queryKey: keys.relationshipRequests });
  void client.invalidateQueries({ queryKey: keys.relationships });
}

export type LiveState = "connecting" | "live" | "offline";

/**
 * Subscribes to the BFF's notification stream while signed in. EventSource reconnects by
 * itself; on every (re)connect the lists are refetched so nothing sent meanwhile is missed.
 */
export function useLiveNotifications(enabled: boolean): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(NOTIFICATIONS_STREAM_URL, { withCredentials: true });
    source.onopen = () => {
      setState("live");
      void client.invalidateQueries({ queryKey: keys.notifications });
    };
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? "offline" : "connecting");
    source.addEventListener(NOTIFICATION_EVENT, (message) => {
      try {
        addLiveNotification(client, JSON.parse((message as MessageEvent<string>).data) as TNotification);
      } catch {
        void client.invalidateQueries({ queryKey: keys.notifications });
      }
    });
    return () => source.close();
  }, [enabled, client]);
  return state;
}
