import { describe, expect, it } from "vitest";
import type { TListNotificationsResponse, TNotification } from "@amia/contracts";
import { keys } from "../../api/keys.ts";
import { renderPage, seedQueryError, type Seed } from "../../testing/render-page.tsx";
import { NotificationsPage } from "./NotificationsPage.tsx";
import { LOAD_FAILED } from "./notifications-page.ts";

/*
 * Static renders (no DOM in this project): the cache is filled beforehand, nothing is fetched.
 */

const pageKey = (skip = 0) => keys.notificationList({ is_deleted: false, skip, take: 50 });
const unreadCountKey = keys.notificationList({ is_read: false, is_deleted: false, skip: 0, take: 0 });

function aNotification(overrides: Partial<TNotification> = {}): TNotification {
  return { id: "n1", title: "Hello", is_read: false, is_deleted: false, created_at: new Date().toISOString(), kind: "general", subject_id: null, ...overrides };
}

const listOf = (notifications: TNotification[], total = notifications.length, skip = 0): TListNotificationsResponse => ({ notifications, total_count: total, skip, take: 50 });

const render = (seed?: Seed, path = "/notifications"): string => renderPage(<NotificationsPage />, { path, seed });

describe("NotificationsPage", () => {
  it("says it is loading, in words as well as shapes", () => {
    const html = render();
    expect(html).toMatch(/<h1[^>]*>Notifications<\/h1>/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Loading notifications…");
    expect(html).toContain("Mark all read");
  });

  it("says plainly that the list could not load, offers to try again, and never shows the server's text", () => {
    const html = render((client) => seedQueryError(client, pageKey(), Object.assign(new Error("upstream exploded: ECONNREFUSED 10.0.0.7"), { status: 502, body: { message: "notifications service failed (500)" } })));
    expect(html).toContain(LOAD_FAILED.replaceAll("'", "&#x27;"));
    expect(html).toMatch(/<button[^>]*>.*Try again/);
    expect(html).not.toContain("ECONNREFUSED");
    expect(html).not.toContain("service failed");
  });

  it("says when there is nothing, and that everything is read", () => {
    const html = render((client) => {
      client.setQueryData(pageKey(), listOf([]));
      client.setQueryData(unreadCountKey, listOf([], 0));
    });
    expect(html).toContain("No notifications");
    expect(html).toContain("You&#x27;re all caught up.");
    expect(html).not.toContain('class="pagination"');
  });

  it("lists whole titles, each linking to what it is about, read and unread told apart in words", () => {
    const long = "Ana Silva moved “Quarterly planning lunch” to Thu 26 Nov, 15:00 GMT · 07:00 your time; please review it again";
    const html = render((client) => {
      client.setQueryData(
        pageKey(),
        listOf([
          aNotification({ id: "a", title: long, kind: "event_request_review_requested", subject_id: "er9" }),
          aNotification({ id: "b", title: "Bo wants to connect", kind: "relationship_request_received", subject_id: "rr1", is_read: true }),
          aNotification({ id: "c", title: "We couldn't update your Google Calendar — please sign in again", kind: "calendar_sync_failed", subject_id: "er4" }),
          aNotification({ id: "d", title: "You have used 80% of your AI credits this month", kind: "ai_credits_threshold_reached", is_read: true }),
          aNotification({ id: "e", title: "Buy flowers", kind: "general" }),
        ]),
      );
      client.setQueryData(unreadCountKey, listOf([], 3));
    });

    expect(html).toContain("3 unread");
    // The whole title, never cut, as the link's text
    expect(html).toMatch(/<a[^>]*href="\/events\/er9"[^>]*>Ana Silva moved “Quarterly planning lunch” to Thu 26 Nov, 15:00 GMT · 07:00 your time; please review it again<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/profile\?tab=relationships"[^>]*>Bo wants to connect<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/events\/er4"[^>]*>We couldn&#x27;t update your Google Calendar/);
    expect(html).toMatch(/<a[^>]*href="\/profile\?tab=ai-usage"[^>]*>You have used 80%/);
    expect(html).toMatch(/<span[^>]*>Buy flowers<\/span>/);
    expect(html.match(/>Unread</g)).toHaveLength(3);
    expect(html.match(/>Read</g)).toHaveLength(2);
    // Mark read only where there is something to mark, each saying which one it marks
    expect(html.match(/>Mark read</g)).toHaveLength(3);
    expect(html).toContain('<span class="visually-hidden">: Buy flowers</span>');
    expect(html).toContain('aria-label="Notifications, page 1 of 1"');
  });

  it("pages through 50 at a time, the page in the address", () => {
    const items = Array.from({ length: 50 }, (_, index) => aNotification({ id: `n${index}`, title: `Item ${index}`, is_read: true }));
    const html = render((client) => client.setQueryData(pageKey(50), listOf(items, 120, 50)), "/notifications?page=2");
    expect(html).toContain("Page 2 of 3");
    expect(html).toContain('aria-label="Notifications, page 2 of 3"');
    expect(html).toMatch(/<button[^>]*>.*Previous/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>.*Previous/);
  });
});
