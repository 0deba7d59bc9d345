import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./Markdown.tsx";

const render = (text: string) => renderToStaticMarkup(<Markdown>{text}</Markdown>);

describe("Markdown", () => {
  it("renders a javascript: link as plain text, with no <a>", () => {
    const html = render("[x](javascript:alert(1))");
    expect(html).not.toContain("<a");
    expect(html).not.toMatch(/javascript/i);
    expect(html).toContain(">x<");
  });

  it("catches scheme tricks after markdown decoding", () => {
    for (const text of [
      "[x](JAVASCRIPT:alert(1))",
      "[x](javascript&#58;alert(1))",
      "[x](&#x6A;avascript:alert(1))",
      "[x](<java\tscript:alert(1)>)",
      "[x](data:text/html,hi)",
      "[x](vbscript:msgbox)",
      "<javascript:alert(1)>",
    ]) {
      const html = render(text);
      expect(html, text).not.toContain("<a");
      expect(html, text).not.toContain("href");
    }
  });

  it("renders an https link opening in a new tab", () => {
    const html = render("[docs](https://example.com/docs)");
    expect(html).toContain('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">docs</a>');
  });

  it("keeps relative links in the same tab", () => {
    const html = render("[events](/events)");
    expect(html).toContain('<a href="/events">events</a>');
  });

  it("does not render raw HTML", () => {
    const html = render('hello <img src=x onerror="alert(1)"> <script>alert(1)</script>');
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("hello");
    expect(html).toContain("&lt;script&gt;"); // shown as text, not dropped
  });

  it("drops a javascript: image, keeping its alt text", () => {
    const html = render("![cat](javascript:alert(1))");
    expect(html).not.toContain("<img");
    expect(html).toContain("cat");
  });

  it("never loads a remote image: it becomes a link the person may follow", () => {
    const html = render("![x](http://evil/x.png)");
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<a [^>]*href="http:\/\/evil\/x.png"[^>]*>x<\/a>/);
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it("names an image without alt text 'image'", () => {
    const html = render("![](https://example.com/cat.png)");
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<a [^>]*href="https:\/\/example.com\/cat.png"[^>]*>image<\/a>/);
  });

  it("renders an image with a refused scheme as no link at all", () => {
    for (const text of ["![x](javascript:alert(1))", "![x](data:image/png;base64,AAAA)"]) {
      const html = render(text);
      expect(html, text).not.toContain("<a");
      expect(html, text).not.toContain("<img");
      expect(html, text).not.toContain("href");
    }
  });

  it("renders ordinary markdown", () => {
    expect(render("**bold** and `code`")).toContain("<strong>bold</strong> and <code>code</code>");
  });
});
