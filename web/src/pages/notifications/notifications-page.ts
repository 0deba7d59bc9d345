/*
 * The Notifications page's words, in one place so they read well together and can be tested:
 * plain sentences, never the server's text.
 */

export const LOAD_FAILED = "We couldn't load your notifications. Check your connection and try again.";
export const MARK_ALL_FAILED = "We couldn't mark your notifications as read. Please try again.";

/** Under the heading: how many wait to be read; nothing while the count loads. */
export function unreadSummary(unreadCount: number | undefined): string {
  if (unreadCount === undefined) return "";
  if (unreadCount === 0) return "You're all caught up.";
  return unreadCount === 1 ? "1 unread" : `${unreadCount} unread`;
}

/** What a screen reader hears while and after "Mark all read" works. */
export function markAllStatus(phase: "pending" | "done", count: number | undefined): string {
  if (phase === "pending") return "Marking all notifications as read…";
  if (!count) return "You had no unread notifications.";
  return count === 1 ? "Marked 1 notification as read." : `Marked ${count} notifications as read.`;
}
