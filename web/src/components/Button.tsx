import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router-dom";
import "./Button.css";

export type ButtonVariant = "primary" | "secondary" | "alternate" | "danger" | "subtle";
export type ButtonSize = "xx-small" | "x-small" | "small" | "medium" | "large";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows a spinner; the label stays for screen readers (aria-busy). */
  loading?: boolean;
};

export function buttonClassName(variant: ButtonVariant, size: ButtonSize, extra?: string): string {
  return ["btn", `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(" ");
}

export function Button({
  variant = "primary",
  size = "medium",
  loading = false,
  type = "button",
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, size, [loading ? "btn--loading" : "", className].filter(Boolean).join(" "))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      <span className="btn__label">{children}</span>
    </button>
  );
}

export interface ButtonLinkProps {
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
  className?: string;
}

/** A react-router link that looks like a Button. */
export function ButtonLink({ to, variant = "primary", size = "medium", children, className }: ButtonLinkProps) {
  return (
    <Link to={to} className={buttonClassName(variant, size, className)}>
      <span className="btn__label">{children}</span>
    </Link>
  );
}
