import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { TListNotificationsResponse, TNotification } from "@amia/contracts";
import { api } from "./client.ts";
import { keys } from "./keys.ts";

export const NOTIFICATIONS_STREAM_URL = "/api/v1/notifications/stream";
/** The SSE event name the BFF sends each new notification under. */
const NOTIFICATION_EVENT = "notification";

/** The dashboard's card: unread, not deleted, the newest `take` (SPEC.md section 7). */
export function useUnreadNotifications(take = 3) {
  const query = { is_read: false, is_deleted: false, skip: 0, take };
  return useQuery({
    queryKey: keys.notificationList(query),
    queryFn: ({ signal }) => api<TListNotificationsResponse>("/api/v1/notifications", { query, signal }),
  });
}

type ListCache = TListNotificationsResponse | undefined;

/** Mark Read: the notification leaves the visible list at once (SPEC.md section 4). */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/v1/notifications/${encodeURIComponent(id)}`, { method: "PATCH", body: { is_read: true } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: keys.notifications });
      const before = client.getQueriesData<ListCache>({ queryKey: keys.notifications });
      client.setQueriesData<ListCache>({ queryKey: keys.notifications }, (list) =>
        list && list.notifications.some((item) => item.id === id)
          ? { ...list, notifications: list.notifications.filter((item) => item.id !== id), total_count: Math.max(0, list.total_count - 1) }
          : list,
      );
      return { before };
    },
    // Silent failure (SPEC.md section 8): the item comes back, nothing else is said.
    onError: (_error, _id, context) => context?.before.forEach(([key, data]) => client.setQueryData(key, data)),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notifications }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>("/api/v1/notifications/mark-all-read", { method: "POST", body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notifications }),
  });
}

/** Puts a new notification at the top of every cached unread list (SPEC.md section 4). */
export function addLiveNotification(client: QueryClient, notification: TNotification): void {
  client.setQueriesData<ListCache>({ queryKey: keys.notifications }, (list) => {
    if (!list || list.notifications.some((item) => item.id === notification.id)) return list;
    return { ...list, notifications: [notification, ...list.notifications].slice(0, list.take), total_count: list.total_count + 1 };
  });
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
