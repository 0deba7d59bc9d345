import { describe, expect, it } from "vitest";
import type { QueryClient } from "@tanstack/react-query";
import type { TGoogleConnection } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { renderPage, seedQueryError } from "../../testing/render-page.tsx";
import { GoogleCalendarConnection } from "./GoogleCalendarConnection.tsx";

/* Static renders: the connection is read from the cache only. */

const render = (seed?: (client: QueryClient) => void) => renderPage(<GoogleCalendarConnection />, { path: "/profile?tab=settings", ...(seed ? { seed } : {}) });
const withStatus = (status: TGoogleConnection["status"]) => (client: QueryClient) =>
  client.setQueryData<TGoogleConnection>(keys.calendarConnection, { is_connected: status === "connected", status, updated_at: null });
const reconnectHref = `href="/api/v1/auth/login?return_to=${encodeURIComponent("/profile?tab=settings")}"`;

describe("the Settings tab's Google Calendar", () => {
  it("loads, then says connected with Disconnect (no Reconnect)", () => {
    expect(render()).toContain('aria-label="Loading your Google Calendar connection"');
    const html = render(withStatus("connected"));
    expect(html).toMatch(/<span class="pill[^"]*"[^>]*>Connected</);
    expect(html).toContain(">Disconnect<");
    expect(html).not.toContain("Reconnect");
    expect(html).not.toContain(reconnectHref);
  });

  it("says it needs reconnecting, with Reconnect (Google's consent again, back to Settings) and Disconnect", () => {
    const html = render(withStatus("reconnect_required"));
    expect(html).toContain(">Needs reconnecting<");
    expect(html).toMatch(new RegExp(`<a[^>]*${reconnectHref.replace(/[?%]/g, "\\$&")}[^>]*><span class="btn__label">Reconnect</span></a>`));
    expect(html).toContain(">Disconnect<");
  });

  it("says not connected, with a way to connect and nothing to disconnect", () => {
    const html = render(withStatus("not_connected"));
    expect(html).toContain(">Not connected<");
    expect(html).toContain("Connect Google Calendar</span>");
    expect(html).toContain(reconnectHref);
    expect(html).not.toContain(">Disconnect<");
  });

  it("says in plain words when the status cannot be read", () => {
    const html = render((client) => seedQueryError(client, keys.calendarConnection, new ApiError(503, "calendar service: ECONNREFUSED")));
    expect(html).toContain("Try Again");
    expect(html).not.toContain("ECONNREFUSED");
  });
});
