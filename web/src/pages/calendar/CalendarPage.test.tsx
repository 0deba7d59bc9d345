import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QueryClient } from "@tanstack/react-query";
import type { TCalendarEvent, TGoogleConnection, TListCalendarEventsResponse } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { rangeOfDays, visibleDays, type CalendarLocation } from "../../lib/calendar-view.ts";
import { anEventRequest } from "../../testing/fixtures.ts";
import { renderPage, seedQueryError, seedViewerZone } from "../../testing/render-page.tsx";
import { CalendarPage } from "./CalendarPage.tsx";

/*
 * Static renders (no DOM in this project): the cache is filled beforehand, nothing is fetched.
 * The viewer's zone is Lisbon (Settings) and "now" Wednesday 25 November 2026, noon.
 */

const ZONE = "Europe/Lisbon";
const WEEK: CalendarLocation = { view: "week", date: "2026-11-23" };
const MONTH: CalendarLocation = { view: "month", date: "2026-11-23" };

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-25T12:00:00Z"), toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const googleEvent = (id: string, fields: Partial<TCalendarEvent> = {}): TCalendarEvent => ({
  id,
  title: id,
  description: null,
  location: null,
  start: { is_all_day: false, date: null, date_time: "2026-11-24T09:00:00Z", time_zone: "UTC" },
  end: { is_all_day: false, date: null, date_time: "2026-11-24T10:00:00Z", time_zone: "UTC" },
  html_link: `https://calendar.google.com/event?eid=${id}`,
  event_request_id: null,
  ...fields,
});

function keysOf(location: CalendarLocation) {
  const range = rangeOfDays(visibleDays(location), ZONE);
  const from = new Date(Date.parse(range.timeMin) - 86_400_000).toISOString();
  return { google: keys.calendarEvents(range), requests: keys.eventRequestList({ role: "creator", end_date_from: from, start_date_to: range.timeMax }) };
}

interface Seeded {
  connection?: TGoogleConnection["status"];
  events?: TCalendarEvent[];
  requests?: ReturnType<typeof anEventRequest>[];
}

function seed(location: CalendarLocation, { connection = "connected", events = [], requests = [] }: Seeded) {
  return (client: QueryClient) => {
    seedViewerZone(client, ZONE);
    const { google, requests: requestsKey } = keysOf(location);
    client.setQueryData<TGoogleConnection>(keys.calendarConnection, { is_connected: connection === "connected", status: connection, updated_at: null });
    if (connection === "connected") client.setQueryData<TListCalendarEventsResponse>(google, { events });
    client.setQueryData(requestsKey, requests);
  };
}

const render = (location: CalendarLocation, seeded: Seeded | ((client: QueryClient) => void)) =>
  renderPage(<CalendarPage />, { path: `/calendar?view=${location.view}&date=${location.date}`, seed: typeof seeded === "function" ? seeded : seed(location, seeded) });

const approved = anEventRequest({
  id: "r-approved",
  title: "Team lunch",
  status: "approved",
  google_event_id: "g-lunch",
  start_date: { date_time: "2026-11-26T12:00", time_zone: ZONE },
  end_date: { date_time: "2026-11-26T13:00", time_zone: ZONE },
});
const pending = anEventRequest({
  id: "r-pending",
  title: "Design review",
  status: "pending",
  start_date: { date_time: "2026-11-27T15:00", time_zone: ZONE },
  end_date: { date_time: "2026-11-27T16:00", time_zone: ZONE },
});

describe("CalendarPage", () => {
  it("shows a skeleton while loading", () => {
    const html = render(WEEK, (client) => seedViewerZone(client, ZONE));
    expect(html).toContain('aria-label="Loading your calendar"');
    expect(html).toContain("skeleton");
  });

  it("shows the week Monday to Sunday with today marked, Google events and requests once each, pending ones labelled", () => {
    const html = render(WEEK, {
      events: [googleEvent("Dentist"), googleEvent("g-lunch", { title: "Team lunch", event_request_id: "r-approved", start: { is_all_day: false, date: null, date_time: "2026-11-26T12:00:00Z", time_zone: ZONE }, end: { is_all_day: false, date: null, date_time: "2026-11-26T13:00:00Z", time_zone: ZONE } })],
      requests: [approved, pending],
    });
    expect(html).toContain("Nov 23 – 29, 2026");
    expect(html).toContain(">Mon 23<");
    expect(html).toContain(">Sun 29<");
    expect(html).toMatch(/aria-current="date"[^>]*aria-label="Wednesday, November 25, 2026 \(today\)/);
    expect(html.match(/aria-current="date"/g)).toHaveLength(1);
    // The approved request's Google event is the request: one item.
    expect(html.match(/title="Team lunch, /g)).toHaveLength(1);
    expect(html).toContain('title="Dentist, 9:00 AM – 10:00 AM"');
    // The pending one says so in words (its name reads "Pending approval: Design review 3:00 PM – 4:00 PM").
    expect(html).toMatch(/class="calendar-item calendar-item--tentative calendar-item--request"[^>]*title="Design review, 3:00 PM – 4:00 PM, Pending approval/);
    expect(html).toContain('<span class="calendar-item__head"><span class="calendar-item__label">Pending<span class="visually-hidden"> approval:</span> </span><span class="calendar-item__title">Design review</span></span> <span class="calendar-item__time">3:00 PM – 4:00 PM</span>');
    expect(html).toMatch(/class="calendar-item calendar-item--confirmed calendar-item--request"[^>]*title="Team lunch, 12:00 PM – 1:00 PM/);
    // The focused day is the one tabbable day; the view buttons say which is on.
    expect(html.match(/data-day="[^"]+" tabindex="0"/g)).toEqual(['data-day="2026-11-23" tabindex="0"']);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Week</);
    expect(html).toContain("Times in Europe/Lisbon");
    expect(html).not.toContain("Nothing on your calendar");
  });

  it("shows the month in whole weeks, days of other months set apart", () => {
    const html = render(MONTH, { requests: [pending] });
    expect(html).toContain("November 2026");
    expect(html.match(/class="calendar-month__day[ "]/g)).toHaveLength(42);
    expect(html.match(/calendar-month__day--outside/g)).toHaveLength(7 + 5);
    expect(html).toContain("Design review");
    expect(html).toMatch(/aria-pressed="true"[^>]*>Month</);
  });

  it("says when the calendar is empty", () => {
    expect(render(WEEK, {})).toContain("Nothing on your calendar this week.");
  });

  it("still shows the requests when Google Calendar is not connected, with a banner saying so", () => {
    const html = render(WEEK, { connection: "not_connected", requests: [pending] });
    expect(html).toContain("Google Calendar is not connected");
    expect(html).toMatch(/href="\/profile\?tab=settings"[^>]*>Connect it in Settings</);
    expect(html).toContain("Design review");
  });

  it("offers Reconnect when Google stopped accepting our access, returning to this calendar page", () => {
    const html = render(WEEK, { connection: "reconnect_required", requests: [] });
    expect(html).toContain("Google Calendar needs reconnecting");
    expect(html).toContain(`href="/api/v1/auth/login?return_to=${encodeURIComponent("/calendar?view=week&date=2026-11-23").replace(/&/g, "&amp;")}"`);
  });

  it("says in plain words when the requests cannot be loaded, and when Google cannot be read", () => {
    const failedRequests = render(WEEK, (client) => {
      seed(WEEK, {})(client);
      seedQueryError(client, keysOf(WEEK).requests, new ApiError(503, "upstream: events service timed out"));
    });
    expect(failedRequests).toContain("Try Again");
    expect(failedRequests).not.toContain("timed out");

    const failedGoogle = render(WEEK, (client) => {
      seed(WEEK, { requests: [pending] })(client);
      client.removeQueries({ queryKey: keysOf(WEEK).google });
      seedQueryError(client, keysOf(WEEK).google, new ApiError(503, "Google said no"));
    });
    expect(failedGoogle).toContain("Google Calendar could not be read just now, so only your requests are shown.");
    expect(failedGoogle).toContain("Design review");
    expect(failedGoogle).not.toContain("Google said no");
  });
});
