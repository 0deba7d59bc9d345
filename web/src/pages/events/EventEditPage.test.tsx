import { describe, expect, it } from "vitest";
import { Route, Routes } from "react-router-dom";
import type { TEventRequest } from "@amia/contracts";
import { keys } from "../../api/keys.ts";
import { fromEventRequest, toUpdatePayload, validateEventForm } from "../../lib/event-form.ts";
import { aSessionUser, anEventRequest } from "../../testing/fixtures.ts";
import { renderPage, seedViewerZone } from "../../testing/render-page.tsx";
import { EventEditPage } from "./EventEditPage.tsx";

/*
 * Issue 11: a meeting at 15:00 UTC, opened by its creator in a Los Angeles browser. The edit
 * form must show 15:00 in UTC (not 07:00, not 15:00 in Los Angeles), and saving it unchanged
 * must send nothing.
 */

const meeting: TEventRequest = anEventRequest({
  id: "er7",
  title: "Planning",
  start_date: { date_time: "2026-11-26T15:00", time_zone: "UTC" },
  end_date: { date_time: "2026-11-26T16:00", time_zone: "UTC" },
});

function renderEdit(request: TEventRequest, viewerZone: string): string {
  return renderPage(
    <Routes>
      <Route path="/events/:id/edit" element={<EventEditPage />} />
    </Routes>,
    {
      path: `/events/${request.id}/edit`,
      session: aSessionUser({ id: request.created_by }),
      seed: (client) => {
        seedViewerZone(client, viewerZone);
        client.setQueryData(keys.eventRequest(request.id), request);
      },
      queries: { enabled: false },
    },
  );
}

/** The value of the input labelled `label`. */
function inputValue(html: string, label: string): string | undefined {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  if (!id) return undefined;
  const input = new RegExp(`<input[^>]*id="${id.replace(/[$()*+.?[\\\]^{|}]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];
  return input ? /value="([^"]*)"/.exec(input)?.[1] : undefined;
}

describe("EventEditPage in another zone than the event's", () => {
  const html = renderEdit(meeting, "America/Los_Angeles");

  it("shows the event's wall clock in the event's zone", () => {
    expect(inputValue(html, "Start date")).toBe("2026-11-26");
    expect(inputValue(html, "Start time")).toBe("15:00");
    expect(inputValue(html, "End time")).toBe("16:00");
    expect(inputValue(html, "Time zone")).toBe("UTC");
  });

  it("tells the viewer what that is in their time", () => {
    expect(html).toContain("That is 7:00 AM – 8:00 AM your time.");
  });

  it("opened and saved unchanged, the same values send nothing (the instant stays)", () => {
    // What the page saves: the form's values against the stored request, as the page holds them.
    const values = fromEventRequest(meeting);
    expect(validateEventForm(values, values)).toEqual({});
    expect(toUpdatePayload(values, values)).toBeNull();
  });

  it("a viewer in the event's own zone sees the same form and no 'your time'", () => {
    const home = renderEdit(meeting, "UTC");
    expect(inputValue(home, "Start time")).toBe("15:00");
    expect(inputValue(home, "Time zone")).toBe("UTC");
    expect(home).toContain("The start and end are times in this zone.");
  });
});
