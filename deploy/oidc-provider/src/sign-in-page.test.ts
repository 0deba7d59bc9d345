import { describe, expect, it } from "vitest";
import { escapeHtml, renderErrorPage, renderSignInPage } from "./sign-in-page.ts";

describe("renderSignInPage", () => {
  it("labels both fields, requires only the email, and loads nothing from outside", () => {
    const html = renderSignInPage({ action: "/interaction/abc", clientId: "amia-web" });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email" autocomplete="email" required/);
    expect(html).toMatch(/<label for="name">Name/);
    expect(html).not.toMatch(/<input id="name"[^>]* required/);
    expect(html).toContain('<form method="post" action="/interaction/abc">');
    expect(html).not.toMatch(/<script|<link|src=|url\(/);
    expect(html).not.toContain('role="alert"');
  });

  it("escapes what it echoes and ties the error to the email field", () => {
    const html = renderSignInPage({ action: "/interaction/abc", clientId: "<c>", email: '"><script>', name: "O'Neil", error: "Enter an email address" });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#34;&#62;&#60;script&#62;");
    expect(html).toContain("O&#39;Neil");
    expect(html).toContain('<p id="email-error" class="error" role="alert">Enter an email address</p>');
    expect(html).toContain('aria-invalid="true" aria-describedby="email-error"');
  });
});

describe("renderErrorPage", () => {
  it("shows the error code and description, escaped", () => {
    const html = renderErrorPage("invalid_request", "bad <thing>");
    expect(html).toContain("<code>invalid_request</code>: bad &#60;thing&#62;");
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-special characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&#38;&#60;&#62;&#34;&#39;");
  });
});
