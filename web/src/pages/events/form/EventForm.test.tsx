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
    ...(values ? { initialValues: { ...emptyEventForm(), ...values } } : {}),
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

  it("shows the server's message and its field errors by their fields", () => {
    const error = new ApiError(400, "end_date must not be before start_date", "validation_failed", [
      { path: "end_date", message: "end_date must not be before start_date" },
    ]);
    const html = render({ submitError: error });
    expect(html).toContain('role="alert"');
    expect(html.match(/end_date must not be before start_date/g)).toHaveLength(2);
  });

  it("keeps the reviewer fixed on edit", () => {
    const html = render({ mode: "edit", initialReviewerLabel: "Ana" }, { approver_id: "u1", required_review: true });
    expect(html).toMatch(/<select[^>]*disabled/);
    expect(html).toContain(">Ana</option>");
  });
});
