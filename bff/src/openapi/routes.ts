import { createHash } from "node:crypto";
import { Hono } from "hono";
import { buildOpenApiDocument, OPENAPI_JSON_PATH, REFERENCE_PAGE_PATH } from "./document.ts";
import { REFERENCE_PAGE_STYLE, renderReferencePage } from "./reference-page.ts";

/*
 * GET /api/v1/openapi.json and GET /api/v1/docs: public, no session (mount before the session
 * guard, or list both paths as public there). The document and the page are built once, when
 * the router is made: they depend on code only, never on the request.
 */

/**
 * The page has no script and one inline style; this policy allows exactly that style (by its
 * hash) and nothing else, so even a markup bug could not load or run anything.
 */
const REFERENCE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(REFERENCE_PAGE_STYLE).digest("base64")}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function openapiRoutes(): Hono {
  const document = buildOpenApiDocument();
  const json = JSON.stringify(document);
  const page = renderReferencePage(document);

  const app = new Hono();
  app.get(OPENAPI_JSON_PATH, (c) =>
    c.body(json, 200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-cache" }),
  );
  app.get(REFERENCE_PAGE_PATH, (c) =>
    c.body(page, 200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": REFERENCE_PAGE_CSP,
      "x-content-type-options": "nosniff",
    }),
  );
  return app;
}
