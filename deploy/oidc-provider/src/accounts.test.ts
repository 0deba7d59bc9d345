import { describe, expect, it } from "vitest";
import { AccountDirectory, displayNameFor, localAccountFor, subjectForEmail } from "./accounts.ts";

describe("subjectForEmail", () => {
  it("is stable per email, ignoring case and surrounding blanks", () => {
    expect(subjectForEmail(" Ada@Example.com ")).toBe(subjectForEmail("ada@example.com"));
    expect(subjectForEmail("ada@example.com")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("differs between people and does not spell out the email", () => {
    expect(subjectForEmail("ada@example.com")).not.toBe(subjectForEmail("grace@example.com"));
    expect(subjectForEmail("ada@example.com")).not.toContain("ada");
  });

  it("is the SHA-256 of the normalised email (changing it changes every local identity)", () => {
    expect(subjectForEmail("ADA@example.com")).toBe("b5fc85e55755f9e0d030a10ab4429b6b");
  });
});

describe("displayNameFor", () => {
  it("keeps a typed name, with blanks tidied", () => {
    expect(displayNameFor("a@x.io", "  Ada   King ")).toBe("Ada King");
  });

  it("makes one from the email's local part when none is typed", () => {
    expect(displayNameFor("ada.lovelace@example.com")).toBe("Ada Lovelace");
    expect(displayNameFor("grace_hopper+test@example.com", "   ")).toBe("Grace Hopper Test");
    expect(displayNameFor("bob@example.com", "")).toBe("Bob");
  });
});

describe("AccountDirectory", () => {
  it("finds a remembered account by subject, with the email lower-cased", () => {
    const directory = new AccountDirectory();
    const account = localAccountFor("Ada@Example.com", "Ada");
    directory.remember(account);
    expect(directory.find(account.sub)).toEqual({ sub: subjectForEmail("ada@example.com"), email: "ada@example.com", name: "Ada" });
    expect(directory.find("unknown")).toBeUndefined();
  });
});
