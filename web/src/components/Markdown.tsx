import type { ComponentPropsWithoutRef } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import { isExternalUrl, safeLinkUrl } from "../lib/markdown-links.ts";
import "./Markdown.css";

/*
 * Assistant text as markdown (SPEC.md section 2, Chat: "Assistant text is rendered as
 * markdown"). The text is untrusted: raw HTML is not rendered (no rehype-raw: react-markdown
 * shows it as text), and every URL goes through safeLinkUrl, so a `javascript:` link becomes
 * plain text and a `javascript:` image its alt text. External links open in a new tab.
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

function MarkdownImage({ src, alt, node: _node, ...rest }: ComponentPropsWithoutRef<"img"> & ExtraProps) {
  if (typeof src !== "string" || src === "") return alt ? <span className="markdown__unsafe-link">{alt}</span> : null;
  return <img {...rest} src={src} alt={alt ?? ""} loading="lazy" referrerPolicy="no-referrer" />;
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
