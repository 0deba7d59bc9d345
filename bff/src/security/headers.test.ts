import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isHttpsOrigin, securityHeadersFor, SECURITY_HEADERS } from "./headers.ts";

describe("the security headers", () => {
  it("allow no inline script or style, no plugin, no framing", () => {
    const policy = contentSecurityPolicy();
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS["content-security-policy"]).toBe(policy);
  });

  it("allow one page's run-time style element by its nonce, and nothing else more", () => {
    expect(contentSecurityPolicy("abc123")).toBe(contentSecurityPolicy().replace("style-src 'self'", "style-src 'self' 'nonce-abc123'"));
  });

  it("add HSTS over https only", () => {
    expect(securityHeadersFor(false)).not.toHaveProperty("strict-transport-security");
    expect(securityHeadersFor(true)["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect([isHttpsOrigin("https://amia.example"), isHttpsOrigin("http://127.0.0.1:5173")]).toEqual([true, false]);
  });
});
