import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { isTopLayer, pushLayer, removeLayer } from "./layer-stack.ts";
import "./Popover.css";

/** SPEC section 9: the popover fades in and out over 0.2s (matches --duration-popover). */
export const POPOVER_FADE_MS = 200;
const POPOVER_GAP_PX = 8;

export type PopoverPlacement = "bottom-start" | "bottom-end";

export interface PopoverProps {
  open: boolean;
  onClose: () => void;
  /** The element the popover hangs from; clicks on it are not "outside". */
  anchorRef: RefObject<HTMLElement | null>;
  children: ReactNode;
  placement?: PopoverPlacement;
  /** When given, the popover is a labelled non-modal dialog for assistive technology. */
  label?: string;
}

type Phase = "hidden" | "open" | "closing";

/** A floating panel under an anchor. Closes on an outside click and Escape; fades over 0.2s. */
export function Popover({ open, onClose, anchorRef, children, placement = "bottom-start", label }: PopoverProps) {
  const [phase, setPhase] = useState<Phase>(open ? "open" : "hidden");
  const [position, setPosition] = useState<CSSProperties>({});
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Stay mounted for the fade-out after `open` turns false.
  useEffect(() => {
    if (open) {
      setPhase("open");
      return;
    }
    setPhase((current) => (current === "hidden" ? "hidden" : "closing"));
    const timer = window.setTimeout(() => setPhase("hidden"), POPOVER_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  const isRendered = phase !== "hidden";

  useLayoutEffect(() => {
    if (!isRendered) return;
    function place() {
      const anchor = anchorRef.current;
      if (!anchor) return;
      const rect = anchor.getBoundingClientRect();
      const top = rect.bottom + POPOVER_GAP_PX;
      setPosition(
        placement === "bottom-end"
          ? { top, right: Math.max(8, document.documentElement.clientWidth - rect.right) }
          : { top, left: Math.max(8, rect.left) },
      );
    }
    place();
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [isRendered, placement, anchorRef]);

  useEffect(() => {
    if (!open) return;
    const layer = pushLayer("popover");
    function onPointerDown(event: PointerEvent) {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panelRef.current?.contains(target) || anchorRef.current?.contains(target)) return;
      onCloseRef.current();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented || !isTopLayer(layer)) return;
      event.preventDefault();
      if (panelRef.current?.contains(document.activeElement)) anchorRef.current?.focus();
      onCloseRef.current();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      removeLayer(layer);
    };
  }, [open, anchorRef]);

  if (!isRendered) return null;

  return createPortal(
    <div
      ref={panelRef}
      className={`popover popover--${placement}${phase === "closing" ? " popover--closing" : ""}`}
      style={position}
      {...(label ? { role: "dialog", "aria-label": label } : {})}
    >
      {children}
    </div>,
    document.body,
  );
}
