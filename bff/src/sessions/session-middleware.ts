import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ServiceEnv } from "@amia/kit";
import type { Session, SessionStore } from "./session-store.ts";

/** The variables the BFF's routes read from the context. */
export interface BffEnv {
  Variables: ServiceEnv["Variables"] & {
    /** Set by `requireSession`: the signed-in user's session. */
    session: Session;
  };
}

/** Cookie name: a wire name (renaming it signs everyone out). */
export const SESSION_COOKIE = "amia_session";

/** The body of every 401 (SPEC.md section 8: "Session missing: Auth session missing!"). */
export const SESSION_MISSING = { message: "Auth session missing!", code: "unauthorized" } as const;

export interface SessionCookieOptions {
  isSecure: boolean;
  /** Max-Age of the cookie; the server-side record decides the real end. */
  maxAgeSeconds: number;
}

export function setSessionCookie(c: Context, id: string, options: SessionCookieOptions): void {
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: options.isSecure,
    maxAge: options.maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context, isSecure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isSecure, httpOnly: true, sameSite: "Lax" });
}

export function sessionIdOf(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

/** 401 `{message, code: "unauthorized"}` without a live session; otherwise sets `c.var.session`. */
export function requireSession(store: SessionStore): MiddlewareHandler<BffEnv> {
  return async (c, next) => {
    const id = sessionIdOf(c);
    const session = id ? await store.read(id) : undefined;
    if (!session) return c.json(SESSION_MISSING, 401);
    c.set("session", session);
    await next();
  };
}
