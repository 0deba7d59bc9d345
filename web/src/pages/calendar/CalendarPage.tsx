import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import type { TCalendarEvent } from "@amia/contracts";
import { useCalendarEventsBetween, useGoogleConnection } from "../../api/calendar.ts";
import { useEventRequestsOverlapping } from "../../api/event-requests.ts";
import { signInUrl } from "../../api/session.ts";
import { useViewerTimeZone } from "../../api/settings.ts";
import { ApiError } from "../../api/client.ts";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { Note } from "../../components/Note.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { ZonedTime } from "../../components/ZonedTime.tsx";
import {
  agendaDays,
  calendarItems,
  calendarPath,
  calendarSearch,
  dayAfterKey,
  isInFocusedMonth,
  itemsOnDay,
  layoutDay,
  parseCalendarLocation,
  rangeOfDays,
  shiftLocation,
  visibleDays,
  type CalendarItem,
  type CalendarLocation,
  type CalendarView,
} from "../../lib/calendar-view.ts";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { MINUTES_PER_DAY, wallClockAt } from "../../lib/wall-clock.ts";
import { calendarEventWhen } from "../dashboard/dashboard-logic.ts";
import { usePageTitle } from "../usePageTitle.ts";
import {
  calendarHeading,
  emptyText,
  itemAccessibleName,
  itemTimeLabel,
  longDayLabel,
  PENDING_LABEL,
  shortDayLabel,
  WEEKDAY_HEADINGS,
} from "./calendar-labels.ts";
import "./CalendarPage.css";

/** Phones get the agenda list instead of the grid. */
const PHONE_QUERY = "(max-width: 640px)";
/** One hour's height on the week grid, in pixels. */
const HOUR_PX = 48;
/** The week grid opens scrolled to this hour. */
const FIRST_VISIBLE_HOUR = 7;
/** Items a month cell lists before "+N more". */
const MONTH_CELL_ITEMS = 3;
/**
 * Requests are asked for from a day before the shown range: an all-day request is drawn by its
 * days, which the viewer's zone can place up to a day from the instants it ends at.
 */
const REQUEST_MARGIN_MS = 86_400_000;

function useIsPhone(): boolean {
  const query = typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(PHONE_QUERY) : null;
  const [isPhone, setIsPhone] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const update = () => setIsPhone(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [query]);
  return isPhone;
}

/**
 * Issue 16 point 4: the user's Google events and event requests in a week or a month, on the
 * viewer's clocks (Settings' zone, else the browser's). Pending requests are tentative (dashed,
 * hatched and labelled); approved ones and Google events are solid; an approved request's Google
 * event shows once. Phones get an agenda list. Without a working Google connection the requests
 * still show, under a banner saying why Google's events do not.
 */
export function CalendarPage() {
  usePageTitle("Calendar");
  const viewerZone = useViewerTimeZone();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const today = wallClockAt(Date.now(), viewerZone).date;
  const location = parseCalendarLocation(search, today);
  const days = useMemo(() => visibleDays(location), [location.view, location.date]);
  const range = useMemo(() => rangeOfDays(days, viewerZone), [days, viewerZone]);
  const isPhone = useIsPhone();

  // The URL always names the view and the day, so Back, a reload and a shared link show the same.
  const isUrlComplete = search.get("view") === location.view && search.get("date") === location.date;
  useEffect(() => {
    if (!isUrlComplete) setSearch(calendarSearch(location), { replace: true });
  }, [isUrlComplete]);

  const connection = useGoogleConnection();
  const isConnected = connection.data?.status === "connected";
  const google = useCalendarEventsBetween(range, { enabled: isConnected });
  const requestRange = useMemo(() => ({ from: new Date(Date.parse(range.timeMin) - REQUEST_MARGIN_MS).toISOString(), to: range.timeMax }), [range]);
  const requests = useEventRequestsOverlapping(requestRange);

  // A 409 from Google's list: the connection changed meanwhile (Google refused the refresh token); ask again.
  const isGoogleConflict = google.error instanceof ApiError && google.error.status === 409;
  useEffect(() => {
    if (isGoogleConflict) void connection.refetch();
  }, [isGoogleConflict]);

  const items = useMemo(
    () => calendarItems(isConnected && !isGoogleConflict ? (google.data?.events ?? []) : [], requests.data ?? [], viewerZone, range),
    [isConnected, isGoogleConflict, google.data, requests.data, viewerZone, range],
  );
  const [openEvent, setOpenEvent] = useState<TCalendarEvent | null>(null);

  const go = (next: CalendarLocation, options: { replace?: boolean } = {}) => setSearch(calendarSearch(next), options);
  const open = (item: CalendarItem) => {
    if (item.source === "request" || !item.google) navigate(`/events/${encodeURIComponent(item.eventRequestId ?? "")}`);
    else setOpenEvent(item.google);
  };

  const isLoading = requests.isPending || connection.isPending || (isConnected && google.isPending);
  const shownDays = location.view === "month" ? days.filter((day) => isInFocusedMonth(location, day)) : days;
  // While the next range loads, the previous one's items stay (those outside the new days are not drawn).
  const isEmpty = !isLoading && !requests.isPlaceholderData && !google.isPlaceholderData && !requests.isError && items.every((item) => item.lastDay < shownDays[0]! || item.firstDay > shownDays.at(-1)!);

  return (
    <div className="page calendar-page">
      <header className="calendar-header">
        <h1 className="page__title calendar-header__title">{calendarHeading(location)}</h1>
        <div className="calendar-toolbar">
          <div className="calendar-toolbar__nav" role="group" aria-label="Move through the calendar">
            <Button variant="secondary" size="small" onClick={() => go(shiftLocation(location, -1))}>
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> {location.view}</span>
            </Button>
            <Button variant="secondary" size="small" onClick={() => go({ ...location, date: today })}>
              Today
            </Button>
            <Button variant="secondary" size="small" onClick={() => go(shiftLocation(location, 1))}>
              Next<span className="visually-hidden"> {location.view}</span>
              <span aria-hidden="true"> ›</span>
            </Button>
          </div>
          <div className="calendar-toolbar__views" role="group" aria-label="View">
            {(["week", "month"] as const satisfies readonly CalendarView[]).map((view) => (
              <button
                key={view}
                type="button"
                className={`calendar-view-toggle${view === location.view ? " calendar-view-toggle--active" : ""}`}
                aria-pressed={view === location.view}
                onClick={() => go({ ...location, view })}
              >
                {view === "week" ? "Week" : "Month"}
              </button>
            ))}
          </div>
        </div>
      </header>

      <ConnectionBanner status={connection.data?.status} returnTo={calendarPath(location)} />
      {isConnected && google.isError && !isGoogleConflict && <Note kind="warning">{DEFAULT_MESSAGES.fetchGoogleEvents}</Note>}
      <p className="calendar-legend">
        <span className="calendar-legend__item">
          <span className="calendar-swatch calendar-swatch--confirmed" aria-hidden="true" /> Confirmed
        </span>
        <span className="calendar-legend__item">
          <span className="calendar-swatch calendar-swatch--tentative" aria-hidden="true" /> {PENDING_LABEL} (tentative)
        </span>
        <span className="calendar-legend__zone">Times in {viewerZone}</span>
      </p>

      {requests.isError ? (
        <div className="calendar-error">
          <Note kind="error">{errorMessage(requests.error, DEFAULT_MESSAGES.fetchCalendar)}</Note>
          <Button variant="secondary" loading={requests.isFetching} onClick={() => void requests.refetch()}>
            Try Again
          </Button>
        </div>
      ) : isLoading ? (
        <div className="calendar-loading" aria-busy="true" aria-label="Loading your calendar">
          <Skeleton lines={8} />
        </div>
      ) : (
        <div className="calendar-body" aria-busy={requests.isPlaceholderData || google.isPlaceholderData}>
          {isEmpty && <p className="calendar-empty">{emptyText(location)}</p>}
          {isPhone ? (
            <Agenda items={items} days={shownDays} today={today} zone={viewerZone} onOpen={open} />
          ) : location.view === "week" ? (
            <WeekGrid location={location} days={days} items={items} today={today} zone={viewerZone} onMove={go} onOpen={open} />
          ) : (
            <MonthGrid location={location} days={days} items={items} today={today} zone={viewerZone} onMove={go} onOpen={open} />
          )}
        </div>
      )}

      <GoogleEventDialog event={openEvent} zone={viewerZone} onClose={() => setOpenEvent(null)} />
    </div>
  );
}

export default CalendarPage;

/** Why Google's events are missing, in plain words, with the way to fix it. */
function ConnectionBanner({ status, returnTo }: { status: string | undefined; returnTo: string }) {
  if (status === "not_connected") {
    return (
      <Note kind="info" title="Google Calendar is not connected">
        Your event requests are shown; your Google events are not. <Link to="/profile?tab=settings">Connect it in Settings</Link>.
      </Note>
    );
  }
  if (status === "reconnect_required") {
    return (
      <Note kind="warning" title="Google Calendar needs reconnecting">
        Google stopped accepting our access, so only your event requests are shown. <a href={signInUrl(returnTo)}>Reconnect Google Calendar</a>.
      </Note>
    );
  }
  return null;
}

interface GridProps {
  location: CalendarLocation;
  days: string[];
  items: CalendarItem[];
  today: string;
  zone: string;
  onMove: (next: CalendarLocation, options?: { replace?: boolean }) => void;
  onOpen: (item: CalendarItem) => void;
}

/** The day a key moved to, until a grid has drawn it and focused it. */
let focusAfterMove: string | undefined;

/**
 * Keyboard on the day grid: arrows move the focused day (crossing into the next week or month),
 * PageUp/PageDown the view, Home goes to today; focus follows the day (one day cell is tabbable).
 */
function useDayKeys(location: CalendarLocation, today: string, onMove: GridProps["onMove"], onEnter: (day: string) => void) {
  const gridRef = useRef<HTMLDivElement>(null);
  // Outside the component: the grid a key moved from may be replaced (a loading state between
  // views) before the day it moved to is drawn; whichever grid draws that day takes the focus.
  useLayoutEffect(() => {
    if (focusAfterMove !== location.date) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-day="${location.date}"]`);
    if (!cell) return;
    focusAfterMove = undefined;
    cell.focus();
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-day]");
    if (!cell || event.target !== cell) return; // keys on an item button are the button's
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onEnter(cell.dataset.day!);
      return;
    }
    const next = dayAfterKey(event.key, { ...location, date: cell.dataset.day! }, today);
    if (!next) return;
    event.preventDefault();
    focusAfterMove = next.date;
    onMove(next, { replace: true });
  };
  return { gridRef, onKeyDown };
}

/**
 * One item. Its accessible name is its visible text (title and time), with the words a sighted
 * reader gets from the layout (the time of a compact item, "approval" after "Pending") added as
 * visually hidden text, so the name and what is shown agree.
 */
function ItemButton({ item, zone, onOpen, compact = false, style }: { item: CalendarItem; zone: string; onOpen: GridProps["onOpen"]; compact?: boolean; style?: CSSProperties }) {
  return (
    <button
      type="button"
      className={`calendar-item calendar-item--${item.style} calendar-item--${item.source}${compact ? " calendar-item--compact" : ""}`}
      style={style}
      title={itemAccessibleName(item, zone)}
      onClick={() => onOpen(item)}
    >
      <span className="calendar-item__head">
        {item.style === "tentative" && (
          <span className="calendar-item__label">
            Pending<span className="visually-hidden"> approval:</span>{" "}
          </span>
        )}
        <span className="calendar-item__title">{item.title}</span>
      </span>{" "}
      <span className={compact ? "visually-hidden" : "calendar-item__time"}>{itemTimeLabel(item, zone)}</span>
    </button>
  );
}

function dayCellLabel(day: string, today: string, count: number): string {
  return `${longDayLabel(day)}${day === today ? " (today)" : ""}, ${count === 0 ? "nothing planned" : count === 1 ? "1 item" : `${count} items`}`;
}

function WeekGrid({ location, days, items, today, zone, onMove, onOpen }: GridProps) {
  const { gridRef, onKeyDown } = useDayKeys(location, today, onMove, (day) => {
    gridRef.current?.querySelector<HTMLElement>(`[data-items-of="${day}"] .calendar-item`)?.focus();
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // A quarter-hour short of the hour: its label sits on the line, half above it, and would be cut under the all-day row.
    if (scrollRef.current) scrollRef.current.scrollTop = FIRST_VISIBLE_HOUR * HOUR_PX - HOUR_PX / 4;
  }, []);
  const byDay = days.map((day) => ({ day, ...itemsOnDay(items, day) }));

  return (
    <div className="calendar-week" ref={gridRef} onKeyDown={onKeyDown} role="group" aria-label={`Week of ${longDayLabel(days[0]!)}`}>
      <div className="calendar-week__row calendar-week__heads">
        <div className="calendar-week__gutter" aria-hidden="true" />
        {byDay.map(({ day, allDay, timed }) => (
          <div
            key={day}
            data-day={day}
            tabIndex={day === location.date ? 0 : -1}
            role="group"
            className={`calendar-week__head${day === today ? " calendar-day--today" : ""}`}
            aria-current={day === today ? "date" : undefined}
            aria-label={dayCellLabel(day, today, allDay.length + timed.length)}
          >
            {shortDayLabel(day)}
          </div>
        ))}
      </div>
      <div className="calendar-week__row calendar-week__all-day">
        <div className="calendar-week__gutter calendar-week__gutter-label">All day</div>
        {byDay.map(({ day, allDay }) => (
          <div key={day} className={`calendar-week__all-day-cell${day === today ? " calendar-day--today" : ""}`} data-items-of={day}>
            {allDay.map((item) => (
              <ItemButton key={item.key} item={item} zone={zone} onOpen={onOpen} compact />
            ))}
          </div>
        ))}
      </div>
      <div className="calendar-week__scroll" ref={scrollRef}>
        <div className="calendar-week__row calendar-week__hours" style={{ height: 24 * HOUR_PX }}>
          <div className="calendar-week__gutter calendar-week__hour-labels" aria-hidden="true">
            {Array.from({ length: 24 }, (_, hour) => (
              <span key={hour} className="calendar-week__hour-label" style={{ top: hour * HOUR_PX }}>
                {hour === 0 ? "" : `${String(hour).padStart(2, "0")}:00`}
              </span>
            ))}
          </div>
          {byDay.map(({ day, timed }) => (
            <div key={day} className={`calendar-week__day${day === today ? " calendar-day--today" : ""}`} data-items-of={day}>
              {layoutDay(timed, day, zone).map((placed) => (
                <ItemButton
                  key={placed.item.key}
                  item={placed.item}
                  zone={zone}
                  onOpen={onOpen}
                  style={{
                    top: (placed.startMinute / MINUTES_PER_DAY) * 24 * HOUR_PX,
                    height: Math.max(((placed.endMinute - placed.startMinute) / MINUTES_PER_DAY) * 24 * HOUR_PX - 2, 16),
                    left: `calc(${(placed.column / placed.columns) * 100}% + 2px)`,
                    width: `calc(${100 / placed.columns}% - 4px)`,
                  }}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function MonthGrid({ location, days, items, today, zone, onMove, onOpen }: GridProps) {
  // Enter on a day opens its week.
  const { gridRef, onKeyDown } = useDayKeys(location, today, onMove, (day) => onMove({ view: "week", date: day }));
  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  return (
    <div className="calendar-month" ref={gridRef} onKeyDown={onKeyDown} role="group" aria-label={calendarHeading(location)}>
      <div className="calendar-month__heads" aria-hidden="true">
        {WEEKDAY_HEADINGS.map((name) => (
          <div key={name} className="calendar-month__head">
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} className="calendar-month__week">
          {week.map((day) => {
            const { allDay, timed } = itemsOnDay(items, day);
            const dayItems = [...allDay, ...timed];
            const hidden = dayItems.length - MONTH_CELL_ITEMS;
            return (
              <div
                key={day}
                data-day={day}
                data-items-of={day}
                tabIndex={day === location.date ? 0 : -1}
                role="group"
                className={`calendar-month__day${isInFocusedMonth(location, day) ? "" : " calendar-month__day--outside"}${day === today ? " calendar-day--today" : ""}`}
                aria-current={day === today ? "date" : undefined}
                aria-label={dayCellLabel(day, today, dayItems.length)}
              >
                <span className="calendar-month__date" aria-hidden="true">
                  {Number(day.slice(8, 10))}
                </span>
                {dayItems.slice(0, hidden > 0 ? MONTH_CELL_ITEMS - 1 : MONTH_CELL_ITEMS).map((item) => (
                  <ItemButton key={item.key} item={item} zone={zone} onOpen={onOpen} compact />
                ))}
                {hidden > 0 && (
                  <button type="button" className="calendar-month__more" onClick={() => onMove({ view: "week", date: day })}>
                    +{hidden + 1} more
                  </button>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function Agenda({ items, days, today, zone, onOpen }: { items: CalendarItem[]; days: string[]; today: string; zone: string; onOpen: GridProps["onOpen"] }) {
  const entries = agendaDays(items, days);
  if (entries.length === 0) return null;
  return (
    <ol className="calendar-agenda" aria-label="Agenda">
      {entries.map(({ day, items: dayItems }) => (
        <li key={day} className={`calendar-agenda__day${day === today ? " calendar-day--today" : ""}`} aria-current={day === today ? "date" : undefined}>
          <h2 className="calendar-agenda__date">
            {longDayLabel(day)}
            {day === today && <span className="calendar-agenda__today"> · Today</span>}
          </h2>
          <ul className="calendar-agenda__items">
            {dayItems.map((item) => (
              <li key={item.key}>
                <ItemButton item={item} zone={zone} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** A Google event's detail: when, where, and the way to it in Google Calendar. */
function GoogleEventDialog({ event, zone, onClose }: { event: TCalendarEvent | null; zone: string; onClose: () => void }) {
  return (
    <Modal open={event !== null} onClose={onClose} title={event?.title?.trim() || "Untitled Event"} size="small">
      {event && (
        <>
        <dl className="calendar-dialog">
          <div>
            <dt>When</dt>
            <dd>
              <ZonedTime value={calendarEventWhen(event, zone)} />
            </dd>
          </div>
          {event.location && (
            <div>
              <dt>Where</dt>
              <dd>{event.location}</dd>
            </div>
          )}
          {event.event_request_id && (
            <div>
              <dt>Request</dt>
              <dd>
                <Link to={`/events/${encodeURIComponent(event.event_request_id)}`}>See the event request</Link>
              </dd>
            </div>
          )}
        </dl>
        {event.html_link && (
          <p className="calendar-dialog__link">
            <a href={event.html_link} target="_blank" rel="noopener noreferrer">
              Open in Google Calendar
            </a>
          </p>
        )}
        </>
      )}
    </Modal>
  );
}
