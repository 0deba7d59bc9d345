import { describe, expect, it } from "vitest";
import { fieldIds, joinClassNames } from "./field-ids.ts";

describe("fieldIds", () => {
  it("describes the control by nothing when there is no hint or error", () => {
    expect(fieldIds("title", {})).toEqual({ hintId: undefined, errorId: undefined, describedBy: undefined });
  });

  it("lists the hint before the error", () => {
    expect(fieldIds("title", { hint: "Short", error: "Required" })).toEqual({
      hintId: "title-hint",
      errorId: "title-error",
      describedBy: "title-hint title-error",
    });
  });

  it("keeps a describedby the caller passed", () => {
    expect(fieldIds("title", { error: "Required", extra: "counter" }).describedBy).toBe("counter title-error");
  });
});

describe("joinClassNames", () => {
  it("drops empty names", () => {
    expect(joinClassNames("field", false, undefined, "", "field--error")).toBe("field field--error");
  });
});
