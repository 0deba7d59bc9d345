import { describe, expect, it } from "vitest";
import type { TRelationship } from "@amia/contracts";
import { emptyEventForm } from "../../../lib/event-form.ts";
import { changedFields } from "./changed-fields.ts";
import { reviewerOptions } from "./reviewer-options.ts";
import { formFieldForPath, serverFieldErrors, withoutField } from "./server-field-errors.ts";

function relationship(id: string, full_name: string | null, email: string): TRelationship {
  return { id: `r-${id}`, created_at: "2026-01-01T00:00:00.000Z", other_user: { id, full_name, email } };
}

describe("server field errors", () => {
  it("places a wire path on its form field", () => {
    expect(formFieldForPath("title")).toBe("title");
    expect(formFieldForPath("end_date.date_time")).toBe("end_date");
    expect(formFieldForPath("approvers.0.user_id")).toBe("approver_id");
    expect(formFieldForPath("importance_level")).toBeNull();
    expect(formFieldForPath("")).toBeNull();
    expect(formFieldForPath("toString")).toBeNull();
  });

  it("puts a zone on either side on the zone field", () => {
    expect(formFieldForPath("start_date.time_zone")).toBe("time_zone");
    expect(formFieldForPath("end_date.time_zone")).toBe("time_zone");
  });

  it("words each field's refusal plainly, never the server's text, and drops unknown paths", () => {
    const errors = serverFieldErrors([
      { path: "end_date", message: "end_date must not be before start_date" },
      { path: "end_date.time_zone", message: "end_date.time_zone must be an IANA time zone such as Europe/Lisbon" },
      { path: "start_date.date_time", message: "start_date.date_time must be a local YYYY-MM-DDTHH:MM (seconds optional) or an ISO 8601 date-time with Z or an offset" },
      { path: "title", message: "title must be at most 200 characters" },
      { path: "approvers.0.user_id", message: "approvers.0.user_id: user u9 is not among your relationships" },
      { path: "importance_level", message: "nope" },
    ]);
    expect(errors).toEqual({
      end_date: "The end can't be before the start.",
      time_zone: "Choose a time zone from the list, such as Europe/Lisbon.",
      start_date: "Choose a start date and time.",
      title: "Keep the title to 200 characters or fewer.",
      approver_id: "This person can't review your request: choose someone you're connected with.",
    });
    for (const message of Object.values(errors)) expect(message).not.toMatch(/_date|_id|YYYY|IANA/);
  });

  it("clears one field's error", () => {
    const errors = { title: "too long" };
    expect(withoutField(errors, "title")).toEqual({});
    expect(withoutField(errors, "notes")).toBe(errors);
  });
});

describe("reviewer options", () => {
  it("labels people by name, else email, once each", () => {
    const list = [relationship("u1", "Ana", "ana@x.io"), relationship("u2", null, "bo@x.io"), relationship("u1", "Ana", "ana@x.io")];
    expect(reviewerOptions(list, null)).toEqual([
      { value: "u1", label: "Ana" },
      { value: "u2", label: "bo@x.io" },
    ]);
  });

  it("keeps a chosen reviewer who is not in the list", () => {
    expect(reviewerOptions([], "u9", "Cy")).toEqual([{ value: "u9", label: "Cy" }]);
    expect(reviewerOptions([], "u9")).toEqual([{ value: "u9", label: "Reviewer" }]);
    expect(reviewerOptions([relationship("u1", "Ana", "a@x.io")], "u1", "Other")).toHaveLength(1);
  });
});

describe("changed fields", () => {
  it("lists the fields whose value differs", () => {
    const before = emptyEventForm("UTC");
    expect(changedFields(before, { ...before, title: "x", start_time: "10:00" })).toEqual(["title", "start_time"]);
    expect(changedFields(before, { ...before })).toEqual([]);
  });
});
