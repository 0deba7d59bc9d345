import { describe, expect, it } from "vitest";
import type { TListNotificationsResponse, TNotification } from "@amia/contracts";
import { listAfterMarkedRead, listWithNew } from "./notifications.ts";

const item = (id: string, is_read = false): TNotification => ({ id, title: id, is_read, is_deleted: false, created_at: "2026-11-19T10:00:00.000Z", kind: "general", subject_id: null });
const list = (items: TNotification[], total = items.length, take = 50, skip = 0): TListNotificationsResponse => ({ notifications: items, total_count: total, skip, take });
const ids = (value: TListNotificationsResponse) => value.notifications.map((n) => `${n.id}${n.is_read ? ":read" : ""}`);

describe("notification lists after Mark read", () => {
  it("drops a marked one from unread lists (the dashboard), and shows it read in the whole list (the page)", () => {
    const unread = list([item("a"), item("b")], 5, 3);
    const everything = list([item("a"), item("c", true), item("b")], 9);

    const afterUnread = listAfterMarkedRead(unread, { is_read: false, is_deleted: false }, new Set(["a"]));
    const afterAll = listAfterMarkedRead(everything, { is_deleted: false }, new Set(["a"]));

    expect(ids(afterUnread)).toEqual(["b"]);
    expect(afterUnread.total_count).toBe(4);
    expect(ids(afterAll)).toEqual(["a:read", "c:read", "b"]);
    expect(afterAll.total_count).toBe(9);
  });

  it("counts one fewer unread in a count-only list", () => {
    expect(listAfterMarkedRead(list([], 5, 0), { is_read: false, take: 0 }, new Set(["z"])).total_count).toBe(4);
  });

  it("empties unread lists and marks every item read elsewhere on Mark all read", () => {
    expect(listAfterMarkedRead(list([item("a")], 5, 3), { is_read: false }, null)).toMatchObject({ notifications: [], total_count: 0 });
    expect(ids(listAfterMarkedRead(list([item("a"), item("b")], 2), {}, null))).toEqual(["a:read", "b:read"]);
  });
});

describe("notification lists when one arrives live", () => {
  it("puts it at the top of first pages, within the page size, once", () => {
    const dashboard = list([item("a"), item("b"), item("c")], 7, 3);

    const after = listWithNew(dashboard, { is_read: false, skip: 0, take: 3 }, item("new"));

    expect(ids(after)).toEqual(["new", "a", "b"]);
    expect(after.total_count).toBe(8);
    expect(listWithNew(after, { is_read: false, skip: 0, take: 3 }, item("new"))).toBe(after);
  });

  it("leaves later pages and lists of read or deleted ones as they are", () => {
    const second = list([item("x")], 60, 50, 50);
    expect(listWithNew(second, { skip: 50, take: 50 }, item("new"))).toBe(second);
    expect(listWithNew(second, { is_read: true, skip: 0 }, item("new"))).toBe(second);
    expect(listWithNew(second, { is_deleted: true, skip: 0 }, item("new"))).toBe(second);
  });
});
