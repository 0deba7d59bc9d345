import { invalidFields, rateLimited } from "@amia/kit";
import { tryAgainIn, type TFieldError } from "@amia/contracts";
import type { FactorsStore } from "../store/factors-store.ts";

/** A check of a code that did not pass: the field it names and why (a 400 `validation_failed`). */
export class WrongCode {
  readonly field: TFieldError;
  constructor(path: "code" | "recovery_code", message: string) {
    this.field = { path, message };
  }
}

export const WRONG_TOTP = new WrongCode("code", "code is not the code your authenticator app shows now");
export const USED_TOTP = new WrongCode("code", "code was used already: wait for the next one your authenticator app shows");
export const WRONG_RECOVERY_CODE = new WrongCode("recovery_code", "recovery_code is not one of your unused recovery codes");

/**
 * Runs one check of a code as a counted try (domain/factor-tries.ts): refused with 429 once the
 * user's window is full; a passing check gives its try back; a failing one keeps it and
 * answers 400 naming the field.
 */
export async function countedTry<T>(store: FactorsStore, userId: string, nowMs: number, check: () => Promise<T | WrongCode>): Promise<T> {
  const decision = await store.countTry(userId, nowMs);
  if (!decision.isAllowed) throw rateLimited(`Too many wrong codes: ${tryAgainIn(decision.retryAfterSeconds)}`, decision.retryAfterSeconds);
  const result = await check();
  if (result instanceof WrongCode) throw invalidFields([result.field]);
  await store.giveBack(userId, decision.windowStart);
  return result;
}
