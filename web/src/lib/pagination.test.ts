import { describe, expect, it } from "vitest";
import { hasNext, hasPrevious, isPaged, nextSkip, pageOf, previousSkip, totalPages } from "./pagination.ts";

describe("pageOf", () => {
  it("is floor(skip/take)+1", () => {
    expect(pageOf(0, 10)).toBe(1);
    expect(pageOf(9, 10)).toBe(1);
    expect(pageOf(10, 10)).toBe(2);
    expect(pageOf(25, 10)).toBe(3);
    expect(pageOf(100, 50)).toBe(3);
  });
  it("treats a zero take as one page", () => {
    expect(pageOf(30, 0)).toBe(1);
  });
});

describe("totalPages", () => {
  it("is ceil(total/take), at least 1", () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(1, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(101, 50)).toBe(3);
  });
});

describe("previous / next", () => {
  it("disables Previous on the first page only", () => {
    expect(hasPrevious(0)).toBe(false);
    expect(hasPrevious(10)).toBe(true);
  });
  it("disables Next on the last page", () => {
    expect(hasNext(0, 10, 25)).toBe(true);
    expect(hasNext(10, 10, 25)).toBe(true);
    expect(hasNext(20, 10, 25)).toBe(false);
    expect(hasNext(0, 10, 10)).toBe(false);
    expect(hasNext(0, 10, 0)).toBe(false);
  });
  it("moves by one page and never below 0", () => {
    expect(nextSkip(10, 10)).toBe(20);
    expect(previousSkip(10, 10)).toBe(0);
    expect(previousSkip(5, 10)).toBe(0);
  });
});

describe("isPaged", () => {
  it("shows Previous / Next only for more than one page, or on a page past the first", () => {
    expect(isPaged(0, 10, 0)).toBe(false);
    expect(isPaged(0, 10, 10)).toBe(false);
    expect(isPaged(0, 10, 11)).toBe(true);
    expect(isPaged(10, 10, 5)).toBe(true);
  });
});
