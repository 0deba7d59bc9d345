import type { ReactNode } from "react";
import "./Note.css";

export type NoteKind = "error" | "warning" | "info" | "success";

export interface NoteProps {
  kind: NoteKind;
  title?: string;
  children: ReactNode;
  /** When given, a "Dismiss" button closes the note. */
  onClose?: () => void;
}

const ICONS: Record<NoteKind, string> = { error: "!", warning: "!", info: "i", success: "✓" };

/** An inline message: errors and warnings are alerts, info and success are polite statuses. */
export function Note({ kind, title, children, onClose }: NoteProps) {
  const role = kind === "error" || kind === "warning" ? "alert" : "status";
  return (
    <div role={role} className={`note note--${kind}`}>
      <span className="note__icon" aria-hidden="true">
        {ICONS[kind]}
      </span>
      <div className="note__body">
        {title && <p className="note__title">{title}</p>}
        <div className="note__content">{children}</div>
      </div>
      {onClose && (
        <button type="button" className="note__close" aria-label="Dismiss" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
