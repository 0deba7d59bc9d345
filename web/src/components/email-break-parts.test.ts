import { describe, expect, it } from "vitest";
import { emailBreakParts } from "./email-break-parts.ts";

describe("emailBreakParts", () => {
  it("breaks after the @ and before dots and hyphens, and joins back to the address", () => {
    const email = "carla.maria-albuquerque@a-long.example.com";
    expect(emailBreakParts(email)).toEqual(["carla", ".maria", "-albuquerque@", "a", "-long", ".example", ".com"]);
    expect(emailBreakParts(email).join("")).toBe(email);
  });

  it("leaves a plain word whole", () => {
    expect(emailBreakParts("ana")).toEqual(["ana"]);
    expect(emailBreakParts("")).toEqual([]);
  });
});
