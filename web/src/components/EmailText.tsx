import { Fragment } from "react";
import { emailBreakParts } from "./email-break-parts.ts";
import "./EmailText.css";

/**
 * An email address that wraps where it reads well on a narrow screen: after the "@" and before
 * each "." or "-" (never inside a word), unless a single part is itself wider than the line.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  return (
    <span className={["email-text", className].filter(Boolean).join(" ")}>
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
