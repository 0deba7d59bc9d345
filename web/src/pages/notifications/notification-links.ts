import type { TNotification } from "@amia/contracts";
import { notificationLink } from "../dashboard/dashboard-logic.ts";

/*
 * Where a notification leads, and how the Notifications page keeps its page in the address bar
 * (`/notifications?page=2`, so Back and reload keep it).
 */

/** SPEC.md section 9: notifications are listed 50 at a time. */
export { DEFAULT_NOTIFICATIONS_TAKE as NOTIFICATIONS_PAGE_SIZE } from "@amia/contracts";

export const NOTIFICATIONS_PATH = "/notifications";

/**
 * The page of what a notification is about: an event request's page (also for a failed
 * calendar update, whose subject is the request), the Relationships tab where a relationship
 * request is answered, the AI Usage tab for credits; null for a note with no subject.
 */
export function notificationHref(notification: Pick<TNotification, "kind" | "subject_id">): string | null {
  switch (notification.kind) {
    case "calendar_sync_failed":
      return notification.subject_id ? `/events/${encodeURIComponent(notification.subject_id)}` : null;
    case "ai_credits_threshold_reached":
      return "/profile?tab=ai-usage";
    default:
      return notificationLink(notification);
  }
}

/** `?page=` for a page number: page 1 is the bare address. */
export function notificationsSearch(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return next;
}
