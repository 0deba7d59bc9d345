import { describe, expect, it } from "vitest";
import { groupedKey, recoveryCodesLeft, recoveryCodesText } from "./two-step.ts";

describe("two-step verification in Settings", () => {
  it("shows the setup key in groups of four", () => {
    expect(groupedKey("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")).toBe("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
    expect(groupedKey("ABCDEF")).toBe("ABCD EF");
  });

  it("saves the recovery codes one per line, said what they are", () => {
    const text = recoveryCodesText(["abcd-efgh-jkmn", "pqrs-tuvw-xyz2"], "ana@example.com");
    expect(text.split("\n")).toEqual([
      "Amia recovery codes for ana@example.com",
      "Each code signs you in once if you can't use your authenticator app. Keep them somewhere safe.",
      "",
      "abcd-efgh-jkmn",
      "pqrs-tuvw-xyz2",
      "",
    ]);
  });

  it("counts the codes left in words", () => {
    expect(recoveryCodesLeft(10)).toBe("10 recovery codes left");
    expect(recoveryCodesLeft(1)).toBe("1 recovery code left");
    expect(recoveryCodesLeft(0)).toBe("No recovery codes left");
  });
});
