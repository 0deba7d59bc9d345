import type { ReactNode } from "react";
import "./Pill.css";

export type PillTone = "primary" | "secondary" | "danger" | "success" | "warning" | "neutral";

export interface PillProps {
  tone: PillTone;
  children: ReactNode;
  title?: string;
  className?: string;
}

/** A small rounded label (statuses, "Required"/"Optional", counts). */
export function Pill({ tone, children, title, className }: PillProps) {
  return (
    <span className={["pill", `pill--${tone}`, className].filter(Boolean).join(" ")} title={title}>
      {children}
    </span>
  );
}
