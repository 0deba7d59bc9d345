import { describe, expect, it } from "vitest";
import { ALLOWED_LINK_SCHEMES, isExternalUrl, safeLinkUrl } from "./markdown-links.ts";

describe("safeLinkUrl", () => {
  it("allows exactly http, https, irc, ircs, mailto, xmpp", () => {
    expect([...ALLOWED_LINK_SCHEMES]).toEqual(["http", "https", "irc", "ircs", "mailto", "xmpp"]);
    expect(safeLinkUrl("https://example.com/a?b=c#d")).toBe("https://example.com/a?b=c#d");
    expect(safeLinkUrl("http://example.com")).toBe("http://example.com");
    expect(safeLinkUrl("mailto:ana@example.com")).toBe("mailto:ana@example.com");
    expect(safeLinkUrl("irc://irc.libera.chat/amia")).toBe("irc://irc.libera.chat/amia");
    expect(safeLinkUrl("ircs://irc.libera.chat/amia")).toBe("ircs://irc.libera.chat/amia");
    expect(safeLinkUrl("xmpp:ana@example.com")).toBe("xmpp:ana@example.com");
    expect(safeLinkUrl("HTTPS://EXAMPLE.COM")).toBe("HTTPS://EXAMPLE.COM");
  });

  it("keeps relative URLs and fragments", () => {
    expect(safeLinkUrl("/events/1")).toBe("/events/1");
    expect(safeLinkUrl("events?x=1")).toBe("events?x=1");
    expect(safeLinkUrl("#section")).toBe("#section");
    expect(safeLinkUrl("?q=a:b")).toBe("?q=a:b");
    expect(safeLinkUrl("/a:b")).toBe("/a:b");
    expect(safeLinkUrl("//example.com/x")).toBe("//example.com/x");
  });

  it("refuses script and data schemes", () => {
    expect(safeLinkUrl("javascript:alert(1)")).toBe("");
    expect(safeLinkUrl("JAVASCRIPT:alert(1)")).toBe("");
    expect(safeLinkUrl("JaVaScRiPt:alert(1)")).toBe("");
    expect(safeLinkUrl("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==")).toBe("");
    expect(safeLinkUrl("DATA:text/html,<script>alert(1)</script>")).toBe("");
    expect(safeLinkUrl("vbscript:msgbox(1)")).toBe("");
    expect(safeLinkUrl("VBScript:msgbox(1)")).toBe("");
    expect(safeLinkUrl("file:///etc/passwd")).toBe("");
    expect(safeLinkUrl("blob:https://example.com/x")).toBe("");
  });

  it("sees through whitespace and control-character tricks", () => {
    expect(safeLinkUrl(" javascript:alert(1)")).toBe("");
    expect(safeLinkUrl("\u0000javascript:alert(1)")).toBe("");
    expect(safeLinkUrl("\u001fjavascript:alert(1)")).toBe("");
    expect(safeLinkUrl("java\tscript:alert(1)")).toBe("");
    expect(safeLinkUrl("java\nscript:alert(1)")).toBe("");
    expect(safeLinkUrl("java\rscript:alert(1)")).toBe("");
    expect(safeLinkUrl("javascript\t:alert(1)")).toBe("");
    expect(safeLinkUrl("\n\tJaVa\tScRiPt:alert(1)  ")).toBe("");
    expect(safeLinkUrl("  https://example.com  ")).toBe("https://example.com");
  });

  it("turns missing values into no link", () => {
    expect(safeLinkUrl(undefined)).toBe("");
    expect(safeLinkUrl(null)).toBe("");
    expect(safeLinkUrl("")).toBe("");
  });
});

describe("isExternalUrl", () => {
  it("is true for absolute and protocol-relative http(s) URLs only", () => {
    expect(isExternalUrl("https://example.com")).toBe(true);
    expect(isExternalUrl("HTTP://example.com")).toBe(true);
    expect(isExternalUrl("//example.com")).toBe(true);
    expect(isExternalUrl("/events")).toBe(false);
    expect(isExternalUrl("#top")).toBe(false);
    expect(isExternalUrl("mailto:a@b.c")).toBe(false);
  });
});
