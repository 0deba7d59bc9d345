import type { MiddlewareHandler } from "hono";

/**
 * CSRF defence for state-changing requests (issue 5): the request must come from the SPA's own
 * origin (Origin, or when a browser sends none, Sec-Fetch-Site) AND carry a custom header, which
 * a cross-site form or a "simple" cross-origin fetch cannot set without a CORS preflight we never
 * grant. SameSite=Lax on the session cookie is the third layer.
 */

/** Wire names: the SPA sets this header on every call. */
export const CSRF_HEADER = "x-amia-csrf";
export const CSRF_HEADER_VALUE = "1";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface CsrfRequest {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  csrfHeader: string | undefined;
}

export type CsrfDecision = { isAllowed: true } | { isAllowed: false; message: string };

export function decideCsrf(request: CsrfRequest, publicOrigin: string): CsrfDecision {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return { isAllowed: true };
  if (request.origin !== undefined) {
    if (request.origin !== publicOrigin) {
      return { isAllowed: false, message: `Cross-origin request refused: Origin ${request.origin} is not ${publicOrigin}` };
    }
  } else if (request.secFetchSite !== "same-origin") {
    return { isAllowed: false, message: "Cross-origin request refused: the request has no Origin and is not Sec-Fetch-Site: same-origin" };
  }
  if (request.csrfHeader !== CSRF_HEADER_VALUE) {
    return { isAllowed: false, message: `Request refused: the ${CSRF_HEADER} header is missing (CSRF protection)` };
  }
  return { isAllowed: true };
}

/** 403 `{message, code: "forbidden"}` for a state-changing request that fails `decideCsrf`. */
export function csrfProtection(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    const decision = decideCsrf(
      {
        method: c.req.method,
        origin: c.req.header("origin"),
        secFetchSite: c.req.header("sec-fetch-site"),
        csrfHeader: c.req.header(CSRF_HEADER),
      },
      publicOrigin,
    );
    if (!decision.isAllowed) return c.json({ message: decision.message, code: "forbidden" }, 403);
    await next();
  };
}
