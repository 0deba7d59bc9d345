import { setTimeout as sleep } from "node:timers/promises";
import { base32Decode, hotp, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS, totpStepAt } from "../domain/totp.ts";

/**
 * A person's authenticator app for tests: given the secret the app was set up with (base32, as
 * shown to the user), it gives codes as a phone would. The server refuses a code of a step it
 * has seen (no replay), so each code comes from a later step than the last one given: the step
 * before now (while it is sure to stay within the server's window), now, then the next; past that
 * it waits for the clock's next step.
 */
export function authenticatorApp(secretBase32: string) {
  const secret = base32Decode(secretBase32);
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    /** A code the server has not seen yet. */
    async nextCode(): Promise<string> {
      for (;;) {
        const at = Date.now();
        const now = totpStepAt(at);
        const intoStepMs = at % (TOTP_PERIOD_SECONDS * 1000);
        const earliest = intoStepMs < (TOTP_PERIOD_SECONDS - 10) * 1000 ? now - TOTP_DRIFT_STEPS : now;
        const step = Math.max(lastStep + 1, earliest);
        if (step <= now + TOTP_DRIFT_STEPS) {
          lastStep = step;
          return hotp(secret, step);
        }
        await sleep(TOTP_PERIOD_SECONDS * 1000 - (Date.now() % (TOTP_PERIOD_SECONDS * 1000)) + 50);
      }
    },
    /** A code the server would take for now but has seen already: the last one given. */
    lastCode(): string {
      return hotp(secret, lastStep);
    },
    /** Six digits that are no code of any step near now. */
    wrongCode(): string {
      const now = totpStepAt(Date.now());
      const near = new Set(Array.from({ length: 2 * TOTP_DRIFT_STEPS + 3 }, (_, i) => hotp(secret, now - TOTP_DRIFT_STEPS - 1 + i)));
      for (let n = 0; ; n++) {
        const candidate = String(n).padStart(6, "0");
        if (!near.has(candidate)) return candidate;
      }
    },
  };
}
