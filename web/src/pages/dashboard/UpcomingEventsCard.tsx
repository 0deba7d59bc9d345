import { Link } from "react-router-dom";
import { useUpcomingEvents } from "../../api/calendar.ts";
import { useViewerTimeZone } from "../../api/settings.ts";
import { Card } from "../../components/Card.tsx";
import { SkeletonCards } from "../../components/Skeleton.tsx";
import { ZonedTime } from "../../components/ZonedTime.tsx";
import { UPCOMING_EVENTS_MAX, calendarEventLink, calendarEventTitle, calendarEventWhen } from "./dashboard-logic.ts";

/**
 * SPEC.md section 2, Dashboard: "Upcoming events". The spec's panel was always empty; we show
 * the next two weeks of the user's calendar (issue 7), and the empty text when there is none or
 * the calendar is not connected. Each event leads to its request, or to the calendar view at its
 * day; "See all" to the calendar (issue 16 point 4).
 */
export function UpcomingEventsCard() {
  const { data, isPending, isError } = useUpcomingEvents();
  const viewerZone = useViewerTimeZone();
  const events = data?.events.slice(0, UPCOMING_EVENTS_MAX) ?? [];

  return (
    <Card
      className="dashboard-card"
      title="Upcoming Events"
      actions={
        <Link to="/calendar" className="dashboard-link">
          See all<span className="visually-hidden"> in the calendar</span>
        </Link>
      }
    >
      {isPending ? (
        <div aria-busy="true">
          <SkeletonCards count={3} />
        </div>
      ) : isError || events.length === 0 ? (
        <>
          <p className="dashboard-empty">No upcoming events</p>
          {isError && <p className="dashboard-muted">Calendar not connected yet.</p>}
        </>
      ) : (
        <ul className="dashboard-list">
          {events.map((event) => {
            const link = calendarEventLink(event, viewerZone);
            const title = calendarEventTitle(event);
            return (
              <li key={event.id} className="dashboard-row dashboard-event">
                <div className="dashboard-row-main">
                  {link ? (
                    <Link to={link} className="dashboard-row-title dashboard-link">
                      {title}
                    </Link>
                  ) : (
                    <span className="dashboard-row-title">{title}</span>
                  )}
                  <span className="dashboard-row-meta dashboard-muted">
                    <ZonedTime value={calendarEventWhen(event, viewerZone)} empty="" />
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
