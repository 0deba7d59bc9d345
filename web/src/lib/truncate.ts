/* Truncation rules of SPEC.md section 9. */

export const DRAFT_TITLE_MAX = 20;
export const NOTIFICATION_TITLE_MAX = 25;
export const UNREAD_BADGE_MAX = 99;
export const UNTITLED_EVENT = "Untitled Event";

/** Text longer than `max` becomes its first `max` characters plus "..."; shorter text is kept. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A draft's title on the dashboard: at most 20 characters plus "...", or "Untitled Event". */
export function draftTitle(title: string | null | undefined): string {
  const trimmed = title?.trim() ?? "";
  return trimmed === "" ? UNTITLED_EVENT : truncate(trimmed, DRAFT_TITLE_MAX);
}

/** A notification's title: at most 25 characters plus "...". */
export function notificationTitle(title: string | null | undefined): string {
  return truncate(title ?? "", NOTIFICATION_TITLE_MAX);
}

/** The unread count on the bell: "99+" above 99. */
export function unreadBadge(count: number): string {
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}
