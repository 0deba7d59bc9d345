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

  it("collects messages per field and drops unknown paths", () => {
    expect(
      serverFieldErrors([
        { path: "end_date", message: "end_date must not be before start_date" },
        { path: "end_date.time_zone", message: "bad zone" },
        { path: "importance_level", message: "nope" },
      ]),
    ).toEqual({ end_date: "end_date must not be before start_date; bad zone" });
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
    expect(reviewerOptions([], "u9")).toEqual([{ value: "u9", label: "Unknown reviewer" }]);
    expect(reviewerOptions([relationship("u1", "Ana", "a@x.io")], "u1", "Other")).toHaveLength(1);
  });
});

describe("changed fields", () => {
  it("lists the fields whose value differs", () => {
    const before = emptyEventForm();
    expect(changedFields(before, { ...before, title: "x", start_time: "10:00" })).toEqual(["title", "start_time"]);
    expect(changedFields(before, { ...before })).toEqual([]);
  });
});
