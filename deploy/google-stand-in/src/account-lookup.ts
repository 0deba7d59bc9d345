import { createHash } from "node:crypto";
import { z } from "zod";
import type { Logger } from "@amia/kit";

/**
 * Asks the local sign-in provider whose a refresh token is, by token introspection (RFC 7662):
 * the stand-in's `accountOf`. Every sign-in there mints a new refresh token, but Google keeps one
 * calendar per account, so the stand-in files a new token under the `sub` it belongs to.
 */

export interface IntrospectionAccountLookupOptions {
  /** The provider's introspection endpoint, e.g. http://127.0.0.1:4400/token/introspection. */
  url: string;
  /** A client the provider knows; it answers only about tokens issued to this client. */
  clientId: string;
  clientSecret: string;
  logger: Logger;
  timeoutMs?: number;
}

// RFC 7662 §2.2: `active` always; `sub` when the token has a subject.
const ZIntrospectionResponseSchema = z.object({ active: z.boolean(), sub: z.string().min(1).optional() });

/** Never throws: any failure is logged and answers null (the token then gets a calendar of its own). */
export function createIntrospectionAccountLookup(options: IntrospectionAccountLookupOptions): (refreshToken: string) => Promise<string | null> {
  // RFC 6749 §2.3.1: the client id and secret are form-urlencoded before Basic encoding.
  const credentials = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString("base64");
  return async (refreshToken) => {
    try {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { authorization: `Basic ${credentials}`, accept: "application/json" },
        body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token" }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      if (!response.ok) {
        options.logger.warn({ url: options.url, status: response.status }, "token introspection refused; the refresh token gets a calendar of its own");
        return null;
      }
      const answer = ZIntrospectionResponseSchema.safeParse(await response.json());
      if (!answer.success) {
        options.logger.warn({ url: options.url }, "token introspection answered an unexpected body; the refresh token gets a calendar of its own");
        return null;
      }
      if (!answer.data.active || !answer.data.sub) {
        options.logger.warn({ url: options.url }, "the sign-in provider does not know the refresh token; it gets a calendar of its own");
        return null;
      }
      return answer.data.sub;
    } catch (error) {
      options.logger.warn({ url: options.url, err: error }, "token introspection failed; the refresh token gets a calendar of its own");
      return null;
    }
  };
}

/**
 * The local sign-in provider's `sub` for an email (deploy/oidc-provider accounts.ts
 * subjectForEmail: SHA-256 over the trimmed, lower-cased email, first 32 hex digits), so the
 * stand-in finds the calendar of an invited email. Spelled out here, not imported: the stand-in's
 * image holds its own workspace only; stand-in.test.ts checks both agree.
 */
export function localProviderSubjectForEmail(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}
