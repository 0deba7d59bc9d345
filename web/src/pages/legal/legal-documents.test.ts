import { describe, expect, it } from "vitest";
import { COOKIE_POLICY } from "./cookie-policy.ts";
import { CONTACT_PLACEHOLDER, LEGAL_CONTACT_DETAILS } from "./legal-types.ts";
import { PRIVACY_POLICY } from "./privacy-policy.ts";
import { TERMS_OF_SERVICE } from "./terms-of-service.ts";

describe("legal documents (SPEC section 2, Legal and security pages)", () => {
  it.each([
    ["Terms of Service", TERMS_OF_SERVICE, 12],
    ["Privacy Policy", PRIVACY_POLICY, 12],
    ["Cookie Policy", COOKIE_POLICY, 8],
  ] as const)("%s has %i sections, last updated September 30, 2025", (title, document, sectionCount) => {
    expect(document.title).toBe(title);
    expect(document.sections).toHaveLength(sectionCount);
    expect(document.lastUpdated).toBe("September 30, 2025");
    expect(new Set(document.sections.map((section) => section.title)).size).toBe(sectionCount);
    expect(document.sections.every((section) => section.paragraphs.length > 0)).toBe(true);
    expect(document.sections.at(-1)?.showContactDetails).toBe(true);
  });

  it("shows placeholder contact details", () => {
    expect(CONTACT_PLACEHOLDER).toBe("Will Update Soon");
    expect(LEGAL_CONTACT_DETAILS.every((detail) => detail.value === "Will Update Soon")).toBe(true);
  });
});
