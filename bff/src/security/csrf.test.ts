import { describe, expect, it } from "vitest";
import { decideCsrf, type CsrfRequest } from "./csrf.ts";

const ORIGIN = "https://amia.example";
const request = (overrides: Partial<CsrfRequest>): CsrfRequest => ({ method: "POST", origin: ORIGIN, secFetchSite: undefined, csrfHeader: "1", ...overrides });

describe("decideCsrf", () => {
  it("lets reads through whatever their origin", () => {
    expect(decideCsrf(request({ method: "GET", origin: "https://evil.example", csrfHeader: undefined }), ORIGIN)).toEqual({ isAllowed: true });
  });

  it("allows a state-changing request from our origin with the header", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "delete"]) expect(decideCsrf(request({ method }), ORIGIN).isAllowed).toBe(true);
  });

  it("refuses another origin, even with the header", () => {
    const decision = decideCsrf(request({ origin: "https://evil.example" }), ORIGIN);
    expect(decision).toEqual({ isAllowed: false, message: "Cross-origin request refused: Origin https://evil.example is not https://amia.example" });
  });

  it("refuses an origin that differs only in scheme or port, and the opaque origin null", () => {
    expect(decideCsrf(request({ origin: "http://amia.example" }), ORIGIN).isAllowed).toBe(false);
    expect(decideCsrf(request({ origin: "https://amia.example:8443" }), ORIGIN).isAllowed).toBe(false);
    expect(decideCsrf(request({ origin: "null" }), ORIGIN).isAllowed).toBe(false);
  });

  it("refuses our origin without the custom header", () => {
    const decision = decideCsrf(request({ csrfHeader: undefined }), ORIGIN);
    expect(decision.isAllowed).toBe(false);
    expect(decision.isAllowed === false && decision.message).toMatch(/x-amia-csrf header is missing/);
    expect(decideCsrf(request({ csrfHeader: "yes" }), ORIGIN).isAllowed).toBe(false);
  });

  it("without an Origin, accepts only Sec-Fetch-Site: same-origin", () => {
    expect(decideCsrf(request({ origin: undefined, secFetchSite: "same-origin" }), ORIGIN).isAllowed).toBe(true);
    expect(decideCsrf(request({ origin: undefined, secFetchSite: "same-site" }), ORIGIN).isAllowed).toBe(false);
    expect(decideCsrf(request({ origin: undefined, secFetchSite: "cross-site" }), ORIGIN).isAllowed).toBe(false);
    expect(decideCsrf(request({ origin: undefined, secFetchSite: undefined }), ORIGIN).isAllowed).toBe(false);
  });
});
