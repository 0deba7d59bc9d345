import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ZRecoveryCodeSchema } from "@amia/contracts";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.ts";

describe("recovery codes", () => {
  it("makes ten different codes of three groups of four, each one the contract accepts", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(ZRecoveryCodeSchema.safeParse(code).success).toBe(true);
    }
  });

  it("hashes a code however it was typed, and differently under another key", () => {
    const key = randomBytes(32);
    const [code] = newRecoveryCodes();
    const hash = recoveryCodeHash(key, code!);
    expect(hash).not.toContain(code!.replace(/-/g, ""));
    expect(recoveryCodeHash(key, ` ${code!.toUpperCase().replace(/-/g, " ")} `)).toBe(hash);
    expect(recoveryCodeHash(randomBytes(32), code!)).not.toBe(hash);
  });
});
