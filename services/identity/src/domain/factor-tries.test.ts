import { describe, expect, it } from "vitest";
import { decideTry, WRONG_CODE_LIMIT, WRONG_CODE_WINDOW_MS } from "./factor-tries.ts";

describe("wrong-code tries", () => {
  it("allows five tries in a window and refuses the sixth until the window ends", () => {
    expect(decideTry(WRONG_CODE_LIMIT, 0, 1_000)).toEqual({ isAllowed: true });
    expect(decideTry(WRONG_CODE_LIMIT + 1, 0, 60_000)).toEqual({ isAllowed: false, retryAfterSeconds: (WRONG_CODE_WINDOW_MS - 60_000) / 1000 });
    expect(decideTry(WRONG_CODE_LIMIT + 1, 0, WRONG_CODE_WINDOW_MS - 10)).toEqual({ isAllowed: false, retryAfterSeconds: 1 });
  });

});
