import type { ComponentPropsWithoutRef } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import { isExternalUrl, safeLinkUrl } from "../lib/markdown-links.ts";
import "./Markdown.css";

/*
 * Assistant text as markdown (SPEC.md section 2, Chat: "Assistant text is rendered as
 * markdown"). The text is untrusted: raw HTML is not rendered (no rehype-raw: react-markdown
 * shows it as text), and every URL goes through safeLinkUrl, so a `javascript:` link becomes
 * plain text and a `javascript:` image its alt text. External links open in a new tab.
 * A reply never loads anything by itself (issue 10 point 9): an image would be fetched the
 * moment it is shown, so a prompt injection could leak data in its URL. Images become links
 * the person may choose to follow.
 */

function MarkdownLink({ href, children, node: _node, ...rest }: ComponentPropsWithoutRef<"a"> & ExtraProps) {
  if (!href) return <span className="markdown__unsafe-link">{children}</span>;
  const external = isExternalUrl(href);
  return (
    <a
      {...rest}
      href={href}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {children}
    </a>
  );
}

/** An image as a link to it, its alt text (or "image") as the text; never an <img>. */
function MarkdownImage({ src, alt, title }: ComponentPropsWithoutRef<"img"> & ExtraProps) {
  const text = alt?.trim() || "image";
  // urlTransform has already emptied a URL of a refused scheme; checked again, as an image's
  // src is a URL of its own kind.
  const href = typeof src === "string" ? safeLinkUrl(src) : "";
  return (
    <MarkdownLink href={href} className="markdown__image-link" {...(title ? { title } : {})}>
      {text}
    </MarkdownLink>
  );
}

const components: Components = { a: MarkdownLink, img: MarkdownImage };

const urlTransform = (url: string): string => safeLinkUrl(url);

export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown urlTransform={urlTransform} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
