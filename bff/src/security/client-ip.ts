import type { Context } from "hono";

/**
 * The caller's IP for per-IP limits. With TRUST_PROXY, the right-most X-Forwarded-For entry:
 * the address our one reverse proxy (nginx) saw and appended, which a client cannot forge
 * (anything it sends itself stands to the left). Otherwise the socket's peer address.
 */
export function clientIpOf(c: Context<any>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").map((part) => part.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress ?? "unknown";
}
