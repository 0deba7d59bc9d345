import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { runWithDeadline, runWithRequestId } from "./request-context.ts";
import { conflictBackoffMs, retryOnConflict, WRITE_CONFLICT } from "./retry-on-conflict.ts";

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

describe("retryOnConflict's pauses and deadline", () => {
  it("pauses a random while below a ceiling that doubles, up to the maximum", () => {
    const top = () => 0.999_999;
    expect([2, 3, 4, 5, 10].map((attempt) => conflictBackoffMs(attempt, { backoffMs: 10, maxBackoffMs: 200, random: top }))).toEqual([9, 19, 39, 79, 199]);
    expect(conflictBackoffMs(3, { random: () => 0 })).toBe(0);
  });

  it("starts no attempt once the caller's deadline has passed, and says nothing was changed", async () => {
    let calls = 0;
    const attempt = runWithRequestId("req-1", () =>
      runWithDeadline(Date.now() - 1, () =>
        retryOnConflict(async () => {
          calls++;
          return "saved";
        }, { message }),
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: "deadline_exceeded", status: 504 });
    expect(calls).toBe(0);
  });

  it("stops between attempts when the deadline passes while it loses races", async () => {
    let calls = 0;
    const attempt = runWithRequestId("req-2", () =>
      runWithDeadline(Date.now() + 30, () =>
        retryOnConflict(async () => {
          calls++;
          await new Promise((resolve) => setTimeout(resolve, 40));
          return WRITE_CONFLICT;
        }, { message }),
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: "deadline_exceeded" });
    expect(calls).toBe(1);
  });
});
