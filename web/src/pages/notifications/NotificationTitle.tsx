import { Link } from "react-router-dom";
import "./NotificationTitle.css";

/** The class of the element the whole title is shown beneath (a list row). */
export const NOTIFICATION_TITLE_ANCHOR = "notification-title-anchor";

export interface NotificationTitleProps {
  /** The whole title, as the server wrote it. */
  title: string;
  /** What is shown: the whole title, or a cut of it (the dashboard's 25 characters). */
  shown: string;
  /** Where it leads; plain text when null. */
  href: string | null;
  className?: string;
}

/**
 * A notification's title. When `shown` is a cut, the whole title is still there: it is the
 * accessible name (screen readers read it, not the cut), the tooltip on hover (`title`), and
 * shown beneath on keyboard focus, where a `title` tooltip never appears (issue 11 point 8:
 * three cut titles can look the same, "Ana Silva asks you to rev..."). Put it inside an element
 * with NOTIFICATION_TITLE_ANCHOR, which the shown title spans.
 */
export function NotificationTitle({ title, shown, href, className }: NotificationTitleProps) {
  const isCut = shown !== title;
  const classes = ["notification-title", className].filter(Boolean).join(" ");
  const content = isCut ? (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="notification-title__full">{title}</span>
    </>
  ) : (
    title
  );
  // The `title` attribute stays even when nothing is cut: tests and tools find an item by it.
  return href ? (
    <Link to={href} className={classes} title={title}>
      {content}
    </Link>
  ) : (
    <span className={classes} title={title}>
      {content}
    </span>
  );
}
