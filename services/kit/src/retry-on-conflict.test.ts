import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { retryOnConflict, WRITE_CONFLICT } from "./retry-on-conflict.ts";

const message = "Someone else is changing this; please try again";

describe("retryOnConflict", () => {
  it("returns the first attempt that does not lose a race, each attempt starting afresh", async () => {
    const seen: number[] = [];
    const result = await retryOnConflict(async (attempt) => {
      seen.push(attempt);
      return attempt < 3 ? WRITE_CONFLICT : `saved on attempt ${attempt}`;
    }, { message });
    expect(result).toBe("saved on attempt 3");
    expect(seen).toEqual([1, 2, 3]);
  });

  it("gives up with a 409 naming what to do once every attempt lost", async () => {
    let calls = 0;
    const attempt = retryOnConflict(async () => {
      calls++;
      return WRITE_CONFLICT;
    }, { message, attempts: 4 });
    await expect(attempt).rejects.toThrow(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "conflict", message, status: 409 });
    expect(calls).toBe(4);
  });

  it("stops at a refusal without trying again", async () => {
    let calls = 0;
    const attempt = retryOnConflict(async () => {
      calls++;
      throw new AppError("forbidden", "Only the creator can do that");
    }, { message });
    await expect(attempt).rejects.toMatchObject({ code: "forbidden" });
    expect(calls).toBe(1);
  });

  it("passes falsy results through as results, not conflicts", async () => {
    expect(await retryOnConflict(async () => null, { message })).toBeNull();
    expect(await retryOnConflict(async () => false, { message })).toBe(false);
  });
});
