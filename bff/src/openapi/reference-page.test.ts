import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, METHOD_ORDER } from "./document.ts";
import { escapeHtml, renderReferencePage } from "./reference-page.ts";

const document = buildOpenApiDocument();
const page = renderReferencePage(document);

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  METHOD_ORDER.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
);

describe("the API reference page", () => {
  it("is a complete HTML document with a language, a title and one h1", () => {
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<title>Amia API reference<\/title>/);
    expect(page.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page).toContain('<a class="skip" href="#main">');
  });

  it("lists every path and operation, each with an anchor the table of contents links to", () => {
    for (const { path, method, operation } of operations) {
      expect(page).toContain(`<code>${escapeHtml(path)}</code>`);
      expect(page).toContain(`<article id="${operation.operationId}"`);
      expect(page).toContain(`<a href="#${operation.operationId}">${method.toUpperCase()} <code>${escapeHtml(path)}</code></a>`);
      expect(page).toContain(escapeHtml(operation.summary));
    }
    for (const tag of document.tags) expect(page).toContain(`>${escapeHtml(tag.name)}</h2>`);
  });

  it("shows parameters, body fields, responses and schemas", () => {
    expect(page).toContain("<code>is_read</code>");
    expect(page).toContain("<code>start_date</code>");
    expect(page).toContain("<code>messages[].role</code>");
    expect(page).toContain("Exactly one of: <code>date</code>; <code>date_time</code>.");
    expect(page).toContain('<a href="#schema-eventrequest">EventRequest</a>');
    expect(page).toContain('<section id="schema-eventrequest"');
    expect(page).toContain("<code>text/event-stream</code>: a stream of server-sent events");
    for (const status of ["200", "201", "204", "400", "401", "403", "404", "409", "429", "503"]) {
      expect(page).toContain(`<tr><th scope="row">${status}</th>`);
    }
  });

  it("sums up a long list of values (every time zone name) instead of listing it", () => {
    expect(page).toMatch(/one of \d{3} values such as <code>&quot;Africa\/Abidjan&quot;<\/code>/);
    expect(page).not.toContain("<code>&quot;Pacific/Wallis&quot;</code>");
  });

  it("links only within itself and to the document, and loads nothing", () => {
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|url\(|@import/i);
    const hrefs = [...page.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? "");
    const ids = new Set([...page.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]));
    for (const href of hrefs) {
      if (href === "/api/v1/openapi.json") continue;
      expect(href.startsWith("#"), href).toBe(true);
      expect(ids.has(href.slice(1)), href).toBe(true);
    }
    expect(ids.size).toBe([...page.matchAll(/\sid="/g)].length); // no duplicate ids
  });

  it("escapes the text it is given", () => {
    const hostile = structuredClone(document);
    const target = hostile.paths["/api/v1/recipes"]?.get;
    if (!target) throw new Error("GET /api/v1/recipes is missing");
    target.summary = `<script>alert("x")</script> & 'friends'`;
    hostile.tags.push({ name: "<b>Bold</b>", description: "<img src=x onerror=alert(1)>" });
    target.tags = ["<b>Bold</b>"];

    const html = renderReferencePage(hostile);

    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Bold</b>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;");
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(html).toContain('id="tag-b-bold-b"');
  });
});
