import { describe, expect, it } from "vitest";
import { NO_SESSION, SIGN_IN_ERROR_FALLBACK, signInErrorWords } from "./sign-in-error.ts";

describe("the sign-in screen's words for ?error=", () => {
  it("shows the sentences the BFF writes", () => {
    expect(signInErrorWords(NO_SESSION)).toBe(NO_SESSION);
    expect(signInErrorWords("This sign-in was started in another browser or has expired. Please sign in again.")).toContain("another browser");
    expect(signInErrorWords("Session error: the sign-in provider is unavailable; please try again shortly")).toBe("Session error: the sign-in provider is unavailable; please try again shortly");
  });

  it("never shows a crafted link's text", () => {
    const crafted = "Your account is locked. Call +1 555 0100 to unlock it.";
    expect(signInErrorWords(crafted)).toBe(SIGN_IN_ERROR_FALLBACK);
    expect(signInErrorWords(`Session error: ${crafted}`)).not.toContain("555");
    expect(signInErrorWords(`Session error: ${crafted}`)).toMatch(/^Session error: /);
  });

  it("words a provider's refusal itself", () => {
    expect(signInErrorWords("Session error: The user cancelled sign-in.")).toBe("Session error: sign-in was cancelled at the provider. Please try again.");
    expect(signInErrorWords('Session error: unexpected ID Token "nonce" claim value')).toBe("Session error: the sign-in provider did not accept this sign-in. Please try again.");
    expect(signInErrorWords("")).toBe(SIGN_IN_ERROR_FALLBACK);
  });
});
