import { describe, expect, it } from "vitest";
import { EMPTY_LIST, EVENTS_PAGE_SIZE, eventCardTitle, isCreator, listSearch, parsePage, parseRole, skipForPage } from "./events-list.ts";

describe("events list URL state", () => {
  it("reads the role: reviewer, else creator", () => {
    expect(parseRole("reviewer")).toBe("reviewer");
    expect(parseRole("creator")).toBe("creator");
    expect(parseRole(null)).toBe("creator");
    expect(parseRole("admin")).toBe("creator");
  });

  it("reads the page: a whole number from 1, else 1", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    for (const bad of ["0", "-2", "1.5", "abc", "", "99999999999999999999"]) expect(parsePage(bad), bad).toBe(1);
  });

  it("turns a page into a skip of 10 a page", () => {
    expect(EVENTS_PAGE_SIZE).toBe(10);
    expect(skipForPage(1)).toBe(0);
    expect(skipForPage(3)).toBe(20);
    expect(skipForPage(2, 5)).toBe(5);
  });

  it("writes role and page, leaving defaults out and other parameters alone", () => {
    const current = new URLSearchParams("role=reviewer&page=4&x=1");
    expect(listSearch(current, "creator", 1).toString()).toBe("x=1");
    expect(listSearch(new URLSearchParams(), "reviewer", 2).toString()).toBe("role=reviewer&page=2");
    expect(current.toString()).toBe("role=reviewer&page=4&x=1");
  });
});

describe("event cards", () => {
  it("shows the whole title, or Untitled Event when blank", () => {
    const long = "A very long event title that is not truncated";
    expect(eventCardTitle(long)).toBe(long);
    expect(eventCardTitle("  Lunch ")).toBe("Lunch");
    expect(eventCardTitle(null)).toBe("Untitled Event");
    expect(eventCardTitle("   ")).toBe("Untitled Event");
  });

  it("lets only the creator edit", () => {
    expect(isCreator({ created_by: "u1" }, "u1")).toBe(true);
    expect(isCreator({ created_by: "u1" }, "u2")).toBe(false);
    expect(isCreator({ created_by: "u1" }, null)).toBe(false);
  });
});

describe("an empty list", () => {
  it("asks you to create an event only on your own list", () => {
    expect(EMPTY_LIST.creator).toEqual({ title: "No events found", text: "Create your first event to get started", canCreate: true });
    expect(EMPTY_LIST.reviewer.title).toBe("Nothing to review");
    expect(EMPTY_LIST.reviewer.text).not.toContain("Create");
    expect(EMPTY_LIST.reviewer.canCreate).toBe(false);
  });
});
