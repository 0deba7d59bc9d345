import { describe, expect, it } from "vitest";
import { ApiError } from "../../../api/client.ts";
import { emptyEventForm, type EventFormValues } from "../../../lib/event-form.ts";
import { renderPage } from "../../../testing/render-page.tsx";
import { EventForm, type EventFormProps } from "./EventForm.tsx";

function render(overrides: Partial<EventFormProps> = {}, values?: Partial<EventFormValues>): string {
  const props: EventFormProps = {
    mode: "create",
    submitLabel: "Create Event",
    submitting: false,
    submitError: null,
    submitErrorFallback: "Failed to create event request.",
    onDismissError: () => undefined,
    onSubmit: () => undefined,
    onBack: () => undefined,
    initialValues: { ...emptyEventForm("America/Los_Angeles"), ...values },
    viewerZone: "America/Los_Angeles",
    ...overrides,
  };
  return renderPage(<EventForm {...props} />, { queries: { enabled: false } });
}

describe("EventForm", () => {
  it("labels every field and offers smart-fill", () => {
    const html = render();
    for (const label of [
      "Title",
      "Location",
      "Description",
      "Start date",
      "End date",
      "Start time",
      "End time",
      "Notes",
      "All day",
      "Reviewer",
      "Required Review",
      "Time zone",
      "Describe your event",
    ]) {
      expect(html, label).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    }
    expect(html).toContain("Smart fill");
    expect(html).toContain("Select an option");
    expect(html).toContain('type="submit"');
  });

  it("hides the time fields for an all-day event", () => {
    const html = render({}, { all_day: true });
    expect(html).not.toContain("Start time");
    expect(html).not.toContain("End time");
  });

  it("shows a refused save in plain words by the fields, never the server's text", () => {
    const error = new ApiError(400, "end_date must not be before start_date", "validation_failed", [
      { path: "end_date", message: "end_date must not be before start_date" },
    ]);
    const html = render({ submitError: error });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Some details need another look: see the messages by the fields below.");
    expect(html).toContain("The end can&#x27;t be before the start");
    expect(html).not.toContain("must not be before");
  });

  it("a failure on our side shows the action's own message; a conflict says what happened, never the server's text", () => {
    const failed = render({ submitError: new ApiError(500, "mongo exploded", "internal") });
    expect(failed).toContain("Failed to create event request.");
    expect(failed).not.toContain("mongo");
    const conflict = render({ mode: "edit", submitError: new ApiError(409, "version conflict on event_requests", "conflict") });
    expect(conflict).toContain("This request changed while you were editing it. Reload the page and try again.");
    expect(conflict).not.toContain("version conflict");
    // A new request's one conflict: as many waiting for answers as one person may have.
    const full = render({ submitError: new ApiError(409, "You have 200 event requests waiting for answers", "conflict") });
    expect(full).toContain("You have as many event requests waiting for answers as Amia allows.");
  });

  it("shows the zone in a picker of IANA zones that includes it, with the viewer's time when it differs", () => {
    const html = render({}, { time_zone: "UTC", start_date: "2026-11-26", end_date: "2026-11-26", start_time: "15:00", end_time: "16:00" });
    expect(html).toMatch(/<input[^>]*list="[^"]+"[^>]*value="UTC"/);
    expect(html).toContain('<option value="UTC">');
    expect(html).toContain('<option value="America/Los_Angeles">');
    expect(html).toContain("That is 7:00 AM – 8:00 AM your time.");
  });

  it("says which of a repeated time the event takes (daylight saving ends)", () => {
    const html = render({}, { start_date: "2026-11-01", end_date: "2026-11-01", start_time: "01:30", end_time: "03:00" });
    expect(html).toContain("1:30 AM happens twice on Nov 1, 2026 in America/Los_Angeles");
  });

  it("keeps the reviewer fixed on edit", () => {
    const html = render({ mode: "edit", initialReviewerLabel: "Ana" }, { approver_id: "u1", required_review: true });
    expect(html).toMatch(/<select[^>]*disabled/);
    expect(html).toContain(">Ana</option>");
  });

  describe("Repeat (issue 16)", () => {
    const tuesday = { start_date: "2026-11-24", end_date: "2026-11-24", start_time: "09:30", end_time: "10:00", time_zone: "America/Los_Angeles" };

    it("offers a labelled Repeat choice, not repeating by default, with no more to fill", () => {
      const html = render({}, tuesday);
      expect(html).toMatch(/<label[^>]*>Repeat<\/label>/);
      for (const choice of ["Does not repeat", "Every day", "Every weekday (Monday to Friday)", "Weekly on chosen days", "Monthly on the same day", "Custom"]) expect(html, choice).toContain(`>${choice}</option>`);
      expect(html).not.toContain("<legend");
    });

    it("weekly shows the days as labelled checkboxes, when it ends, and the rule in words", () => {
      const html = render({}, { ...tuesday, repeat: "weekly", repeat_days: "TU,TH", repeat_ends: "after", repeat_count: "6" });
      expect(html).toContain('<legend class="field__label">On</legend>');
      expect(html).toMatch(/type="checkbox"[^>]*checked=""[^>]*\/><span class="event-form__day-pill" aria-hidden="true">Tue<\/span><span class="visually-hidden">Tuesday<\/span>/);
      expect(html).toContain('<legend class="field__label">Ends</legend>');
      expect(html).toMatch(/<label[^>]*>Number of times<\/label>/);
      expect(html).toContain("Every Tuesday and Thursday at 9:30 AM, 6 times");
    });

    it("custom asks for the number and the unit", () => {
      const html = render({}, { ...tuesday, repeat: "custom", repeat_interval: "2", repeat_unit: "week", repeat_days: "TU" });
      expect(html).toMatch(/<label[^>]*>Every<\/label>/);
      expect(html).toMatch(/<label[^>]*>Unit<\/label>/);
      expect(html).toContain("Every 2 weeks on Tuesday at 9:30 AM");
    });

    it("shows the server's refusal of the rule in our words, by the Repeat field", () => {
      const error = new ApiError(400, "recurrence repeats on Monday, but the event starts on a Tuesday", "validation_failed", [
        { path: "recurrence", message: "recurrence repeats on Monday, but the event starts on a Tuesday" },
      ]);
      const html = render({ submitError: error }, { ...tuesday, repeat: "daily" });
      expect(html).toContain("This repeat can&#x27;t be saved: check that the event starts on one of its days, and when it ends.");
      expect(html).not.toContain("recurrence repeats");
    });
  });
});
