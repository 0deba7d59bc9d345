import { describe, expect, it } from "vitest";
import {
  ZListAiUsageQuerySchema,
  ZListEventRequestsWithApprovalsQuerySchema,
  ZListNotificationsQuerySchema,
  ZListRelationshipsQuerySchema,
  paginationQuery,
} from "./index.ts";

describe("paging from the URL", () => {
  it("defaults to skip 0 and take 10 for relationships, event requests and AI usage", () => {
    for (const schema of [ZListRelationshipsQuerySchema, ZListEventRequestsWithApprovalsQuerySchema, ZListAiUsageQuerySchema]) {
      expect(schema.parse({})).toMatchObject({ skip: 0, take: 10 });
    }
  });

  it("defaults to take 50 for notifications", () => {
    expect(ZListNotificationsQuerySchema.parse({})).toMatchObject({ skip: 0, take: 50 });
  });

  it("coerces numbers given as strings", () => {
    expect(paginationQuery(10).parse({ skip: "20", take: "5" })).toEqual({ skip: 20, take: 5 });
  });

  it("treats an empty value as absent", () => {
    expect(paginationQuery(10).parse({ skip: "", take: "" })).toEqual({ skip: 0, take: 10 });
  });

  it("refuses a negative skip, naming it", () => {
    const result = paginationQuery(10).safeParse({ skip: "-1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["skip", "skip must be an integer of at least 0"],
    ]);
  });

  it("refuses a take above 100, a fraction and text, even text Number() would read as a number", () => {
    for (const take of ["101", "2.5", "ten", " ", "\t", "0x10", "1e1", "+5", "99999999999999999999"]) {
      const result = paginationQuery(10).safeParse({ take });
      expect(result.success, take).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("take must be an integer between 0 and 100");
    }
  });
});

describe("notification filters from the URL", () => {
  it('reads "false" as false, not as a truthy string', () => {
    expect(ZListNotificationsQuerySchema.parse({ is_read: "false", is_deleted: "false", take: "3" })).toEqual({
      skip: 0,
      take: 3,
      is_read: false,
      is_deleted: false,
    });
  });

  it('reads "true" as true', () => {
    expect(ZListNotificationsQuerySchema.parse({ is_read: "true" })).toMatchObject({ is_read: true });
  });

  it("leaves is_read unfiltered and hides deleted ones by default", () => {
    const parsed = ZListNotificationsQuerySchema.parse({});
    expect(parsed.is_read).toBeUndefined();
    expect(parsed.is_deleted).toBe(false);
  });

  it('refuses anything but "true" or "false", naming the field', () => {
    for (const value of ["1", "yes", "TRUE", ""]) {
      const result = ZListNotificationsQuerySchema.safeParse({ is_read: value });
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('is_read must be "true" or "false"');
    }
  });
});
