import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { focusableWithin } from "./focusable.ts";
import { isTopLayer, pushLayer, removeLayer } from "./layer-stack.ts";
import "./Modal.css";

export type ModalSize = "small" | "medium" | "large";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  size?: ModalSize;
  showClose?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

let openModalCount = 0;

/**
 * A dialog over a dimmed backdrop, rendered into document.body. Closes on a backdrop click and
 * Escape; focus moves into it, Tab stays inside, and focus returns to the opener on close.
 */
export function Modal({ open, onClose, title, size = "medium", showClose = true, children, footer }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const pressStartedOnBackdrop = useRef(false);
  const isBodyScrollable = useIsScrollable(bodyRef, open);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const layer = pushLayer("modal");

    openModalCount += 1;
    if (openModalCount === 1) document.body.classList.add("modal-open");

    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) {
      // The first control, else the body (when it scrolls), else the close button.
      const candidates = focusableWithin(dialog).filter((element) => element !== closeRef.current && element !== bodyRef.current);
      (candidates[0] ?? (bodyRef.current?.tabIndex === 0 ? bodyRef.current : null) ?? closeRef.current ?? dialog).focus();
    }

    function onDocumentKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === "Escape" && !event.defaultPrevented && isTopLayer(layer)) {
        event.preventDefault();
        onCloseRef.current();
      }
    }
    document.addEventListener("keydown", onDocumentKeyDown);

    return () => {
      document.removeEventListener("keydown", onDocumentKeyDown);
      removeLayer(layer);
      openModalCount -= 1;
      if (openModalCount === 0) document.body.classList.remove("modal-open");
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusable = focusableWithin(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onBackdropMouseDown(event: MouseEvent<HTMLDivElement>) {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  }

  function onBackdropClick(event: MouseEvent<HTMLDivElement>) {
    // Only a press that started and ended on the backdrop: dragging out of a text field is not a
    // close. Nor is the second click of a double-click: the first opened the dialog, and the
    // second lands on the backdrop that now covers the button (the dialog flashed open and shut).
    if (event.target === event.currentTarget && pressStartedOnBackdrop.current && event.detail < 2) onClose();
    pressStartedOnBackdrop.current = false;
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={onBackdropMouseDown} onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal--${size}`}
        onKeyDown={trapTab}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {showClose && (
            <button ref={closeRef} type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {/* A body that scrolls takes the focus in turn, so the keyboard can scroll it too. */}
        <div
          ref={bodyRef}
          className="modal__body"
          {...(isBodyScrollable ? { tabIndex: 0, role: "region", "aria-labelledby": titleId } : {})}
        >
          {children}
        </div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** Whether the element scrolls (its content is taller than it is), kept up to date as either changes size. */
function useIsScrollable(ref: { current: HTMLElement | null }, isActive: boolean): boolean {
  const [isScrollable, setIsScrollable] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!isActive || !element) return;
    const measure = () => setIsScrollable(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, isActive]);
  return isScrollable;
}
