import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { TNotification } from "@amia/contracts";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationsPage, useUnreadNotificationCount } from "../../api/notifications.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Note } from "../../components/Note.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { Pill } from "../../components/Pill.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { totalPages } from "../../lib/pagination.ts";
import { relativeTime } from "../dashboard/dashboard-logic.ts";
import { parsePage, skipForPage } from "../events/events-list.ts";
import { usePageTitle } from "../usePageTitle.ts";
import { NotificationTitle } from "./NotificationTitle.tsx";
import { NOTIFICATIONS_PAGE_SIZE, notificationHref, notificationsSearch } from "./notification-links.ts";
import { MARK_ALL_FAILED, LOAD_FAILED, markAllStatus, unreadSummary } from "./notifications-page.ts";
import "./NotificationsPage.css";

/**
 * Every notification, read or not, newest first, 50 a page (issue 11 point 8: "View All" on the
 * dashboard). Full titles, each leading to what it is about; "Mark all read".
 */
export function NotificationsPage() {
  usePageTitle("Notifications");
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get("page"));
  const skip = skipForPage(page, NOTIFICATIONS_PAGE_SIZE);
  const list = useNotificationsPage({ skip, take: NOTIFICATIONS_PAGE_SIZE });
  const unread = useUnreadNotificationCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [announced, setAnnounced] = useState("");
  const total = list.data?.total_count ?? 0;
  const lastPage = totalPages(total, NOTIFICATIONS_PAGE_SIZE);

  // A page past the end (a stale link, or fewer notifications since) falls back to the last one.
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > lastPage) {
      setSearch((current) => notificationsSearch(current, lastPage), { replace: true });
    }
  }, [list.isSuccess, list.isPlaceholderData, page, lastPage, setSearch]);

  // Another page starts at its top; focus stays on Previous / Next, to page on by keyboard.
  const showSkip = (nextSkip: number) => {
    setSearch((current) => notificationsSearch(current, Math.floor(nextSkip / NOTIFICATIONS_PAGE_SIZE) + 1));
    window.scrollTo({ top: 0 });
  };

  // The button stays enabled and focused while it works (a disabled one would drop the
  // keyboard user's place); a second press meanwhile does nothing.
  const onMarkAll = () => {
    if (markAll.isPending) return;
    setAnnounced(markAllStatus("pending", unread.data));
    markAll.mutate(undefined, {
      onSuccess: (result) => setAnnounced(markAllStatus("done", result.updated_count)),
      onError: () => setAnnounced(""),
    });
  };

  // The pressed button goes away with the unread state; the keyboard user's place moves to the
  // item it belonged to instead of falling back to the top of the page.
  const onMarkRead = (notification: TNotification) => {
    markRead.mutate(notification.id, { onError: (error) => console.warn("Failed to mark notification as read", error) });
    requestAnimationFrame(() => document.getElementById(itemId(notification))?.focus());
  };

  return (
    <div className="page notifications-page">
      <header className="notifications-header">
        <div>
          <h1 className="page__title">Notifications</h1>
          <p className="notifications-summary">{unreadSummary(unread.data)}</p>
        </div>
        <Button variant="secondary" onClick={onMarkAll} aria-disabled={markAll.isPending || undefined}>
          Mark all read
        </Button>
      </header>

      <p className="visually-hidden" role="status">
        {announced}
      </p>
      {markAll.isError && <Note kind="error">{MARK_ALL_FAILED}</Note>}

      <Card className="notifications-card">
        {list.isPending ? (
          <div aria-busy="true">
            <p className="visually-hidden" role="status">
              Loading notifications…
            </p>
            <Skeleton lines={6} />
          </div>
        ) : list.isError ? (
          <div className="notifications-error">
            <Note kind="error">{LOAD_FAILED}</Note>
            <Button variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.notifications.length === 0 ? (
          <div className="notifications-empty">
            <p className="notifications-empty__title">No notifications</p>
            <p className="notifications-muted">When someone asks you to review an event, answers your request or wants to connect, you will see it here.</p>
          </div>
        ) : (
          <>
            <ul className="notifications-list" aria-label={`Notifications, page ${page} of ${lastPage}`} aria-busy={list.isPlaceholderData || undefined}>
              {list.data.notifications.map((notification) => (
                <NotificationRow key={notification.id} notification={notification} onMarkRead={() => onMarkRead(notification)} />
              ))}
            </ul>
            {lastPage > 1 && <Pagination skip={skip} take={NOTIFICATIONS_PAGE_SIZE} total={total} onChange={showSkip} />}
          </>
        )}
      </Card>
    </div>
  );
}

const itemId = (notification: Pick<TNotification, "id">) => `notification-${notification.id}`;

function NotificationRow({ notification, onMarkRead }: { notification: TNotification; onMarkRead: () => void }) {
  const isUnread = !notification.is_read;
  return (
    <li id={itemId(notification)} tabIndex={-1} className={`notifications-item${isUnread ? " notifications-item--unread" : ""}`}>
      <div className="notifications-item__main">
        <NotificationTitle title={notification.title} shown={notification.title} href={notificationHref(notification)} className="notifications-item__title" />
        <span className="notifications-item__meta">
          <Pill tone={isUnread ? "primary" : "neutral"}>{isUnread ? "Unread" : "Read"}</Pill>
          <time dateTime={notification.created_at} title={formatDateTime(notification.created_at)}>
            {relativeTime(notification.created_at, new Date())}
          </time>
        </span>
      </div>
      {isUnread && (
        <Button variant="secondary" size="x-small" onClick={onMarkRead} className="notifications-item__action">
          Mark read<span className="visually-hidden">: {notification.title}</span>
        </Button>
      )}
    </li>
  );
}

export default NotificationsPage;
