import { describe, expect, it } from "vitest";
import { callbackErrorLocation, describeOidcError, sessionError } from "./callback-errors.ts";

describe("sign-in failure messages", () => {
  it("words a provider or verification failure as SPEC.md's session error", () => {
    expect(sessionError(describeOidcError({ error: "access_denied", error_description: "The user said no" }))).toBe("Session error: The user said no");
    expect(sessionError(describeOidcError({ error: "invalid_grant" }))).toBe("Session error: invalid_grant");
    expect(sessionError(describeOidcError(new Error('unexpected ID Token "nonce" claim value')))).toBe('Session error: unexpected ID Token "nonce" claim value');
    const nonceMismatch = Object.assign(new Error("unexpected JWT claim value encountered", { cause: new Error('unexpected ID Token "nonce" claim value') }), { code: "OAUTH_JWT_CLAIM_COMPARISON_FAILED" });
    expect(sessionError(describeOidcError(nonceMismatch))).toBe('Session error: unexpected ID Token "nonce" claim value');
    const networkFailure = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 10.0.0.7:443") });
    expect(describeOidcError(networkFailure)).toBe("the sign-in provider did not answer; please try again shortly");
    expect(describeOidcError(42)).toBe("the sign-in could not be verified");
  });

  it("sends the SPA's /auth/callback the message, encoded", () => {
    expect(callbackErrorLocation("https://amia.example", "No session found after OAuth callback")).toBe(
      "https://amia.example/auth/callback?error=No%20session%20found%20after%20OAuth%20callback",
    );
  });
});
