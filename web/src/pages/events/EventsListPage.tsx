import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import type { TEventRequest } from "@amia/contracts";
import { useEventRequests } from "../../api/event-requests.ts";
import { useViewerTimeZone } from "../../api/settings.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Note } from "../../components/Note.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { Pill } from "../../components/Pill.tsx";
import { SkeletonCards } from "../../components/Skeleton.tsx";
import { ZonedTime } from "../../components/ZonedTime.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { statusLabel, statusTone } from "../../lib/event-status.ts";
import { formatEventSide } from "../../lib/format.ts";
import { totalPages } from "../../lib/pagination.ts";
import { recurrenceWords } from "../../lib/repeat.ts";
import { usePageTitle } from "../usePageTitle.ts";
import {
  EMPTY_LIST,
  EVENTS_PAGE_SIZE,
  ROLE_OPTIONS,
  eventCardTitle,
  isCreator,
  listSearch,
  parsePage,
  parseRole,
  skipForPage,
  type EventsRole,
} from "./events-list.ts";
import "./Events.css";

/** SPEC.md section 9: three skeletons while events load. */
const SKELETON_COUNT = 3;

/** The Events list (SPEC.md section 2): my requests, or the ones I am asked to review. */
export function EventsListPage() {
  usePageTitle("Events");
  const { user } = useAuth();
  const viewerZone = useViewerTimeZone();
  const [search, setSearch] = useSearchParams();
  const role = parseRole(search.get("role"));
  const page = parsePage(search.get("page"));
  const skip = skipForPage(page, EVENTS_PAGE_SIZE);
  const list = useEventRequests({ role, skip, take: EVENTS_PAGE_SIZE });
  const total = list.data?.total_count ?? 0;
  const lastPage = totalPages(total, EVENTS_PAGE_SIZE);

  // A page past the end (after deletions, or a stale link) falls back to the last one.
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > lastPage) {
      setSearch((current) => listSearch(current, role, lastPage), { replace: true });
    }
  }, [list.isSuccess, list.isPlaceholderData, page, lastPage, role, setSearch]);

  function showRole(next: EventsRole) {
    if (next !== role) setSearch((current) => listSearch(current, next, 1));
  }

  function showSkip(nextSkip: number) {
    setSearch((current) => listSearch(current, role, Math.floor(nextSkip / EVENTS_PAGE_SIZE) + 1));
  }

  const events = list.data?.event_requests ?? [];

  return (
    <div className="page events-page">
      <header className="events-header">
        <h1 className="page__title">Events</h1>
        <ButtonLink to="/events/new">New Event</ButtonLink>
      </header>

      <div className="events-roles" role="group" aria-label="Whose requests">
        {ROLE_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            className={`events-roles__option${option.value === role ? " events-roles__option--active" : ""}`}
            aria-pressed={option.value === role}
            onClick={() => showRole(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <SkeletonCards count={SKELETON_COUNT} />
      ) : list.isError ? (
        <div className="events-error">
          <Note kind="error">{errorMessage(list.error, DEFAULT_MESSAGES.fetchEventRequest)}</Note>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : events.length === 0 ? (
        <Card className="events-empty">
          <h2 className="events-empty__title">{EMPTY_LIST[role].title}</h2>
          <p className="events-empty__text">{EMPTY_LIST[role].text}</p>
          {EMPTY_LIST[role].canCreate && <ButtonLink to="/events/new">Create Event</ButtonLink>}
        </Card>
      ) : (
        <>
          <ul className="events-list" aria-busy={list.isPlaceholderData}>
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} canEdit={isCreator(event, user?.id)} viewerZone={viewerZone} />
              </li>
            ))}
          </ul>
          <Pagination skip={skip} take={EVENTS_PAGE_SIZE} total={total} onChange={showSkip} />
        </>
      )}
    </div>
  );
}

/** One request: its start and end on the event's clocks, with the viewer's time when it differs. */
function EventCard({ event, canEdit, viewerZone }: { event: TEventRequest; canEdit: boolean; viewerZone: string }) {
  const title = eventCardTitle(event.title);
  const repeats = recurrenceWords(event, viewerZone);
  return (
    <Card
      className="event-card"
      title={title}
      actions={<Pill tone={statusTone(event.status)}>{statusLabel(event.status)}</Pill>}
    >
      {event.description && <p className="event-card__description">{event.description}</p>}
      <dl className="event-card__facts">
        {event.location && (
          <div>
            <dt>Location</dt>
            <dd>{event.location}</dd>
          </div>
        )}
        <div>
          <dt>Start</dt>
          <dd>
            <ZonedTime value={formatEventSide(event.start_date, viewerZone)} />
          </dd>
        </div>
        <div>
          <dt>End</dt>
          <dd>
            <ZonedTime value={formatEventSide(event.end_date, viewerZone)} />
          </dd>
        </div>
        {repeats && (
          <div>
            <dt>Repeats</dt>
            <dd>{repeats}</dd>
          </div>
        )}
      </dl>
      <div className="event-card__actions">
        <ButtonLink to={`/events/${encodeURIComponent(event.id)}`} variant="secondary" size="small">
          View<span className="visually-hidden"> {title}</span>
        </ButtonLink>
        {canEdit && (
          <ButtonLink to={`/events/${encodeURIComponent(event.id)}/edit`} variant="subtle" size="small">
            Edit<span className="visually-hidden"> {title}</span>
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}

export default EventsListPage;
