import type { TNotification } from "@amia/contracts";
import { useMarkNotificationRead, useUnreadNotifications } from "../../api/notifications.ts";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Pill } from "../../components/Pill.tsx";
import { SkeletonCards } from "../../components/Skeleton.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { notificationTitle, unreadBadge } from "../../lib/truncate.ts";
import { NOTIFICATION_TITLE_ANCHOR, NotificationTitle } from "../notifications/NotificationTitle.tsx";
import { NOTIFICATIONS_PATH, notificationHref } from "../notifications/notification-links.ts";
import { DASHBOARD_LIST_SIZE, relativeTime } from "./dashboard-logic.ts";

/**
 * SPEC.md section 2, Dashboard: "Notifications card" (up to 3 unread, badge, Mark Read) and
 * section 4 "Notification". New ones arrive through the cache (useLiveNotifications). "View All"
 * opens the Notifications page (issue 11 point 8), read ones included, so it is there once the
 * card has loaded, however few are unread.
 */
export function NotificationsCard() {
  const { data, isPending } = useUnreadNotifications(DASHBOARD_LIST_SIZE);
  const markRead = useMarkNotificationRead();
  const totalCount = data?.total_count ?? 0;
  const notifications = data?.notifications.slice(0, DASHBOARD_LIST_SIZE) ?? [];
  const now = new Date();

  const onMarkRead = (id: string) =>
    // Silent failure (SPEC.md section 8): the item comes back, the error is only logged.
    markRead.mutate(id, { onError: (error) => console.warn("Failed to mark notification as read", error) });

  const title = (
    <>
      Notifications{" "}
      {totalCount > 0 && (
        <span className="dashboard-badge">
          {unreadBadge(totalCount)}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </>
  );

  return (
    <Card className="dashboard-card" title={title}>
      {isPending ? (
        <div aria-busy="true">
          <SkeletonCards count={1} />
        </div>
      ) : notifications.length === 0 ? (
        <p className="dashboard-empty">No notifications</p>
      ) : (
        <ul className="dashboard-list">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              busy={markRead.isPending && markRead.variables === notification.id}
              onMarkRead={() => onMarkRead(notification.id)}
            />
          ))}
        </ul>
      )}
      {!isPending && (
        <div className="dashboard-card-footer">
          <ButtonLink to={NOTIFICATIONS_PATH} variant="subtle" size="small">
            View All<span className="visually-hidden"> notifications</span>
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}

function NotificationItem({
  notification,
  now,
  busy,
  onMarkRead,
}: {
  notification: TNotification;
  now: Date;
  busy: boolean;
  onMarkRead: () => void;
}) {
  // Every item can be reached by keyboard: one about nothing in particular leads to the page
  // where its whole title is read.
  const href = notificationHref(notification) ?? NOTIFICATIONS_PATH;
  return (
    <li className={`dashboard-row dashboard-notification ${NOTIFICATION_TITLE_ANCHOR}`}>
      <div className="dashboard-row-main">
        <NotificationTitle title={notification.title} shown={notificationTitle(notification.title)} href={href} className="dashboard-row-title dashboard-link" />
        <span className="dashboard-row-meta">
          <Pill tone="primary">Unread</Pill>
          <time dateTime={notification.created_at} title={formatDateTime(notification.created_at)}>
            {relativeTime(notification.created_at, now)}
          </time>
        </span>
      </div>
      <Button variant="secondary" size="x-small" disabled={busy} onClick={onMarkRead}>
        Mark Read
      </Button>
    </li>
  );
}
