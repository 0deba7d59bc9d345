import { describe, expect, it } from "vitest";
import { draftTitle, notificationTitle, truncate, unreadBadge } from "./truncate.ts";

describe("truncate", () => {
  it("keeps text of max length or shorter", () => {
    expect(truncate("abc", 3)).toBe("abc");
    expect(truncate("", 3)).toBe("");
  });
  it("cuts longer text at max and adds ...", () => {
    expect(truncate("abcd", 3)).toBe("abc...");
  });
});

describe("draftTitle", () => {
  it("keeps a 20-character title whole", () => {
    expect(draftTitle("12345678901234567890")).toBe("12345678901234567890");
  });
  it("cuts a 21-character title at 20 plus ...", () => {
    expect(draftTitle("123456789012345678901")).toBe("12345678901234567890...");
    expect(draftTitle("Quarterly planning with the whole team")).toBe("Quarterly planning w...");
  });
  it("shows Untitled Event for a blank title", () => {
    expect(draftTitle("")).toBe("Untitled Event");
    expect(draftTitle("   ")).toBe("Untitled Event");
    expect(draftTitle(null)).toBe("Untitled Event");
    expect(draftTitle(undefined)).toBe("Untitled Event");
  });
});

describe("notificationTitle", () => {
  it("cuts at 25 characters", () => {
    expect(notificationTitle("1234567890123456789012345")).toBe("1234567890123456789012345");
    expect(notificationTitle("12345678901234567890123456")).toBe("1234567890123456789012345...");
    expect(notificationTitle(null)).toBe("");
  });
});

describe("unreadBadge", () => {
  it("caps at 99+", () => {
    expect(unreadBadge(0)).toBe("0");
    expect(unreadBadge(7)).toBe("7");
    expect(unreadBadge(99)).toBe("99");
    expect(unreadBadge(100)).toBe("99+");
    expect(unreadBadge(12345)).toBe("99+");
  });
});
