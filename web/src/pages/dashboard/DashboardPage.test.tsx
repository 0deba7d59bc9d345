import { describe, expect, it } from "vitest";
import type {
  TListCalendarEventsResponse,
  TListEventRequestsWithApprovalsResponse,
  TListNotificationsResponse,
  TNotification,
} from "@amia/contracts";
import { keys } from "../../api/keys.ts";
import { anEventRequest } from "../../testing/fixtures.ts";
import { renderPage, seedQueryError, type Seed } from "../../testing/render-page.tsx";
import { DashboardPage } from "./DashboardPage.tsx";

/*
 * Static renders (no DOM in this project): the cache is filled beforehand, nothing is fetched.
 */

const notificationsKey = keys.notificationList({ is_read: false, is_deleted: false, skip: 0, take: 3 });
const draftsKey = keys.eventRequestList({ role: "creator", skip: 0, take: 3, status: undefined });
const reviewKey = keys.eventRequestList({ role: "reviewer", skip: 0, take: 3, status: "pending" });
const calendarKey = keys.calendarEvents({ days: 14 });

const render = (seed?: Seed): string => renderPage(<DashboardPage />, { path: "/dashboard", seed });

function notification(overrides: Partial<TNotification>): TNotification {
  return {
    id: "n1",
    title: "Hello",
    is_read: false,
    is_deleted: false,
    created_at: new Date().toISOString(),
    kind: "general",
    subject_id: null,
    ...overrides,
  };
}

const page = (total: number, take = 3) => ({ total_count: total, skip: 0, take });

describe("DashboardPage", () => {
  it("shows skeletons while loading (1 for notifications, 3 for events and drafts)", () => {
    const html = render();
    expect(html).toContain("<h1");
    expect(html).toContain("Dashboard");
    expect(html.match(/class="skeleton-card"/g)).toHaveLength(1 + 3 + 3);
    expect(html).toContain('placeholder="Chat with Amia..."');
    expect(html).toContain("No suggestions, well done!");
    expect(html).toContain("No tasks");
    expect(html).toMatch(/<a[^>]*href="\/events\/new"[^>]*>.*Create Event/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Add Task/);
    expect(html).toMatch(/<a[^>]*href="\/calendar"[^>]*><span class="btn__label">Full Calendar<\/span><\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/calendar"[^>]*>See all<span class="visually-hidden"> in the calendar<\/span><\/a>/);
  });

  it("shows the empty states", () => {
    const html = render((queryClient) => {
      queryClient.setQueryData<TListNotificationsResponse>(notificationsKey, { notifications: [], ...page(0) });
      queryClient.setQueryData<TListEventRequestsWithApprovalsResponse>(draftsKey, { event_requests: [], ...page(0) });
      queryClient.setQueryData<TListEventRequestsWithApprovalsResponse>(reviewKey, { event_requests: [], ...page(0) });
      queryClient.setQueryData<TListCalendarEventsResponse>(calendarKey, { events: [] });
    });
    expect(html).toContain("No notifications");
    expect(html).toContain("No pending drafts");
    expect(html).toContain("No upcoming events");
    expect(html).not.toContain("Calendar not connected yet.");
    // Only the notifications' "View All": the page holds the read ones too
    expect(html.match(/View All/g)).toHaveLength(1);
    expect(html).toMatch(/<a[^>]*href="\/notifications"[^>]*>.*View All<span class="visually-hidden"> notifications<\/span>/);
    expect(html).not.toContain("Waiting for your review");
  });

  it("says the calendar is not connected when it fails", () => {
    // As after the failed fetch, on a render that does not retry.
    const html = render((queryClient) => seedQueryError(queryClient, calendarKey, new Error("not connected")));
    expect(html).toContain("No upcoming events");
    expect(html).toContain("Calendar not connected yet.");
  });

  it("lists notifications with the badge, links, Unread pill and Mark Read", () => {
    const html = render((queryClient) => {
      queryClient.setQueryData<TListNotificationsResponse>(notificationsKey, {
        notifications: [
          notification({ id: "a", title: "Ana Silva asked you to review Team lunch", kind: "event_request_review_requested", subject_id: "er9" }),
          notification({ id: "b", title: "Bo wants to connect", kind: "relationship_request_received", subject_id: "rr1" }),
          notification({ id: "c", title: "Welcome", kind: "general" }),
        ],
        ...page(120),
      });
    });
    expect(html).toContain('99+<span class="visually-hidden"> unread</span>');
    // Cut at 25 characters on screen; the whole title is the link's name, its tooltip, and shown on focus
    expect(html).toMatch(
      /<a[^>]*title="Ana Silva asked you to review Team lunch"[^>]*href="\/events\/er9"[^>]*><span aria-hidden="true">Ana Silva asked you to re\.\.\.<\/span><span class="notification-title__full">Ana Silva asked you to review Team lunch<\/span><\/a>/,
    );
    expect(html).toMatch(/title="Bo wants to connect"[^>]*href="\/profile\?tab=relationships"[^>]*>Bo wants to connect</);
    // A note about nothing in particular is still reachable by keyboard: it leads to the whole list
    expect(html).toMatch(/<a[^>]*title="Welcome"[^>]*href="\/notifications"[^>]*>Welcome</);
    expect(html.match(/>Unread</g)).toHaveLength(3);
    expect(html.match(/>Mark Read</g)).toHaveLength(3);
    expect(html).toMatch(/<a[^>]*href="\/notifications"[^>]*>.*View All/);
  });

  it("lists drafts, the requests to review, and upcoming events", () => {
    const html = render((queryClient) => {
      queryClient.setQueryData<TListEventRequestsWithApprovalsResponse>(draftsKey, {
        event_requests: [anEventRequest({ id: "d1", title: "A very long event request title" }), anEventRequest({ id: "d2", title: null, status: "approved" })],
        ...page(2),
      });
      queryClient.setQueryData<TListEventRequestsWithApprovalsResponse>(reviewKey, {
        event_requests: [anEventRequest({ id: "r1", title: "Offsite" })],
        ...page(1),
      });
      queryClient.setQueryData<TListCalendarEventsResponse>(calendarKey, {
        events: Array.from({ length: 7 }, (_, index) => ({
          id: `g${index}`,
          title: `Event ${index}`,
          description: null,
          location: null,
          start: { is_all_day: true, date: "2026-03-11", date_time: null, time_zone: null },
          end: { is_all_day: true, date: "2026-03-12", date_time: null, time_zone: null },
          html_link: null,
          event_request_id: index === 0 ? "er5" : null,
        })),
      });
    });
    expect(html).toContain("A very long event re...");
    expect(html).toContain("Untitled Event");
    expect(html).toContain(">Pending<");
    expect(html).toContain(">Approved<");
    expect(html).not.toContain("View All");
    expect(html).toContain("Waiting for your review");
    expect(html).toMatch(/href="\/events\/r1"[^>]*>Offsite</);
    expect(html).toMatch(/href="\/events\/er5"[^>]*>Event 0</);
    // Not from a request: to the calendar at its day.
    expect(html).toMatch(/href="\/calendar\?view=week&amp;date=2026-03-11"[^>]*>Event 1</);
    expect(html).toContain("Event 4");
    expect(html).not.toContain("Event 5");
    expect(html).toContain("Mar 11, 2026 (all day)");
  });
});
