import { useId } from "react";
import "./InfoTip.css";

/**
 * A small "?" button whose tooltip shows on hover and keyboard focus (a `title` alone reaches
 * neither keyboard nor touch users). Pass `id` so a control can point at the same text.
 */
export function InfoTip({ label, text, id }: { label: string; text: string; id?: string }) {
  const generated = useId();
  const tipId = id ?? `info-tip-${generated}`;
  return (
    <span className="info-tip">
      <button type="button" className="info-tip__icon" aria-label={label} aria-describedby={tipId}>
        ?
      </button>
      <span className="info-tip__text" role="tooltip" id={tipId}>
        {text}
      </span>
    </span>
  );
}
