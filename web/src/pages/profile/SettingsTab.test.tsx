import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { DEFAULT_USER_SETTINGS, type TUserSettings } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { factorsKey } from "../../api/factors.ts";
import { settingsKey } from "../../api/settings.ts";
import { SettingsTab, SHARE_FREE_BUSY_HINT, SHARE_FREE_BUSY_LABEL } from "./SettingsTab.tsx";
import { browserTimeZone } from "../../lib/wall-clock.ts";

/* Server-rendered: the tab reads the cached settings only (no fetch happens on the server). */

function render(seed: (client: QueryClient) => void = () => undefined): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } } });
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SettingsTab />
    </QueryClientProvider>,
  );
}

const withSettings = (settings: TUserSettings) => (client: QueryClient) => client.setQueryData(settingsKey, settings);
const inputWithLabel = (html: string, label: string) => {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}`).exec(html)?.[1];
  expect(id, `a label "${label}"`).toBeDefined();
  return new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
};

describe("the Settings tab", () => {
  it("shows a loading skeleton until the settings arrive", () => {
    const html = render();

    expect(html).toContain('aria-label="Loading settings"');
    expect(html).not.toContain("In Progress");
  });

  it("pre-selects the browser's time zone and the default hours, with sharing off and explained", () => {
    const html = render(withSettings(DEFAULT_USER_SETTINGS));

    expect(inputWithLabel(html, "Your time zone")).toContain(`value="${browserTimeZone()}"`);
    expect(html).toContain("<datalist");
    expect(inputWithLabel(html, "Starts at")).toContain('value="09:00"');
    expect(inputWithLabel(html, "Ends at")).toContain('value="17:00"');
    for (const day of ["Monday", "Friday"]) expect(html).toMatch(new RegExp(`<input[^>]*checked=""[^>]*>.*?${day}`));
    expect(html).toContain("<legend");
    const toggle = inputWithLabel(html, SHARE_FREE_BUSY_LABEL);
    expect(toggle).toContain('role="switch"');
    expect(toggle).not.toContain(' checked=""');
    expect(toggle).toContain('aria-checked="false"');
    expect(html).toContain(SHARE_FREE_BUSY_HINT.replace("'", "&#x27;"));
    expect(html).toContain(">Save<");
  });

  it("shows what was saved", () => {
    const html = render(withSettings({ time_zone: "Asia/Tokyo", working_hours: { start: "08:30", end: "15:00", days: ["sat"] }, share_free_busy: true, updated_at: "2026-03-10T12:00:00.000Z" }));

    expect(inputWithLabel(html, "Your time zone")).toContain('value="Asia/Tokyo"');
    expect(inputWithLabel(html, "Starts at")).toContain('value="08:30"');
    expect(inputWithLabel(html, SHARE_FREE_BUSY_LABEL)).toContain('checked=""');
    expect(html.match(/checked=""/g)).toHaveLength(2); // Saturday and the switch
  });

  it("says plainly when the settings cannot be loaded, and offers to try again", () => {
    const html = render((client) => {
      client.getQueryCache().build(client, { queryKey: settingsKey }).setState({ status: "error", error: new ApiError(503, "HTTP Error: 503"), fetchStatus: "idle" });
    });

    expect(html).toContain("Failed to load your settings.");
    expect(html).toContain("Try Again");
    expect(html).not.toContain("HTTP Error");
  });

  describe("two-step verification", () => {
    const factor = { id: "f-1", factor_type: "totp" as const, created_at: "2026-03-10T12:00:00.000Z", recovery_codes_left: 0 };

    it("is off with a Set up button when there is no factor, or only an unfinished set-up", () => {
      for (const factors of [[], [{ ...factor, status: "unverified" as const, verified_at: null }]]) {
        const html = render((client) => client.setQueryData(factorsKey, factors));
        expect(html).toContain("Two-step verification");
        expect(html).toMatch(/class="pill[^"]*"[^>]*>Off</);
        expect(html).toContain(">Set up<");
        expect(html).not.toContain("Turn off");
      }
    });

    it("is on with the recovery codes left and Turn off when the factor is verified", () => {
      const html = render((client) => client.setQueryData(factorsKey, [{ ...factor, status: "verified", verified_at: "2026-03-10T12:01:00.000Z", recovery_codes_left: 9 }]));

      expect(html).toMatch(/class="pill[^"]*"[^>]*>On</);
      expect(html).toContain("9 recovery codes left");
      expect(html).toContain(">Turn off<");
      expect(html).not.toContain(">Set up<");
    });

    it("says plainly when it cannot be loaded", () => {
      const html = render((client) => {
        client.getQueryCache().build(client, { queryKey: factorsKey }).setState({ status: "error", error: new ApiError(503, "HTTP Error: 503"), fetchStatus: "idle" });
      });

      expect(html).toContain("Failed to load your two-step verification.");
      expect(html).not.toContain("HTTP Error");
    });
  });
});
