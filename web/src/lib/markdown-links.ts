/*
 * Which link and image URLs the markdown renderer keeps. Assistant text is untrusted: a
 * `javascript:` (or `data:`, `vbscript:` ...) link must never become clickable. Same rule as
 * react-markdown's default (micromark's safe protocols), plus the browser's own URL clean-up
 * applied first, so tricks such as " javascript:", "java\tscript:" or "JaVaScRiPt:" are caught.
 */

export const ALLOWED_LINK_SCHEMES = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

const ALLOWED = new Set<string>(ALLOWED_LINK_SCHEMES);

/**
 * The URL as a browser would read it: leading and trailing C0 controls and spaces removed, and
 * every tab and newline removed anywhere (WHATWG URL parsing does both).
 */
function cleanUrl(url: string): string {
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
}

/**
 * The URL when it is safe to link to: a scheme of http, https, irc, ircs, mailto or xmpp (any
 * case), or no scheme at all (relative, "/path", "?query", "#fragment"). Otherwise "" (the
 * renderer shows the text without a link).
 */
export function safeLinkUrl(url: string | null | undefined): string {
  if (typeof url !== "string") return "";
  const cleaned = cleanUrl(url);
  const colon = cleaned.indexOf(":");
  if (colon === -1) return cleaned;
  const cut = [cleaned.indexOf("/"), cleaned.indexOf("?"), cleaned.indexOf("#")].filter((index) => index !== -1);
  // A colon after the first "/", "?" or "#" is part of the path, query or fragment.
  if (cut.some((index) => colon > index)) return cleaned;
  const scheme = cleaned.slice(0, colon).toLowerCase();
  return ALLOWED.has(scheme) ? cleaned : "";
}

/** Whether a (safe) URL leaves the app: an absolute http(s) URL or a protocol-relative one. */
export function isExternalUrl(url: string): boolean {
  return /^(?:https?:)?\/\//i.test(url);
}
