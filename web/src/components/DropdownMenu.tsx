import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { firstEnabledIndex, lastEnabledIndex, nextEnabledIndex } from "./menu-navigation.ts";
import "./DropdownMenu.css";

export interface DropdownItem {
  label: string;
  onSelect?: () => void;
  /** A route: the item is a link. */
  to?: string;
  disabled?: boolean;
  /** Shown in the danger colour (e.g. Logout). */
  destructive?: boolean;
}

export interface DropdownMenuProps {
  /** The button's content. */
  label: ReactNode;
  /** The button's accessible name when `label` is not text (an avatar, an icon). */
  ariaLabel?: string;
  items: Array<DropdownItem | "divider">;
  placement?: "bottom-start" | "bottom-end";
  /** Gap in px between the button and the menu. */
  offset?: number;
  /** Classes added to the button's own (which keep it looking like a button). */
  buttonClassName?: string;
}

type FocusTarget = "first" | "last";

/**
 * A menu button. Toggles on click, Enter or Space; arrow keys, Home and End move between
 * enabled items; closes on an outside click, Escape (focus back to the button), Tab, or
 * choosing an enabled item. Disabled items do nothing.
 */
export function DropdownMenu({
  label,
  ariaLabel,
  items,
  placement = "bottom-start",
  offset = 4,
  buttonClassName,
}: DropdownMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget>("first");
  const menuId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);

  const entries = items.filter((item): item is DropdownItem => item !== "divider");
  const disabled = entries.map((item) => Boolean(item.disabled));

  function focusItem(index: number) {
    if (index >= 0) itemRefs.current[index]?.focus();
  }

  function open(target: FocusTarget) {
    setFocusOnOpen(target);
    setIsOpen(true);
  }

  function close(returnFocus: boolean) {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  // Focus moves into the menu once it is rendered.
  useEffect(() => {
    if (!isOpen) return;
    const flags = itemRefs.current.map((element) => element?.getAttribute("aria-disabled") === "true");
    const index = focusOnOpen === "first" ? firstEnabledIndex(flags) : lastEnabledIndex(flags);
    if (index >= 0) itemRefs.current[index]?.focus();
  }, [isOpen, focusOnOpen]);

  // An outside click closes the menu without moving focus.
  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) {
        setIsOpen(false);
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      open(event.key === "ArrowDown" ? "first" : "last");
    } else if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
    // Enter and Space fire the button's click, which toggles.
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const current = itemRefs.current.findIndex((element) => element === document.activeElement);
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusItem(nextEnabledIndex(disabled, current, 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        focusItem(nextEnabledIndex(disabled, current, -1));
        break;
      case "Home":
        event.preventDefault();
        focusItem(firstEnabledIndex(disabled));
        break;
      case "End":
        event.preventDefault();
        focusItem(lastEnabledIndex(disabled));
        break;
      case "Escape":
        event.preventDefault();
        event.stopPropagation(); // a menu inside a Modal closes alone
        close(true);
        break;
      case "Tab":
        setIsOpen(false);
        break;
      case " ": {
        // Space activates links too, like buttons.
        event.preventDefault();
        if (current >= 0) itemRefs.current[current]?.click();
        break;
      }
      default:
        break;
    }
  }

  function choose(item: DropdownItem) {
    if (item.disabled) return;
    if (item.to) {
      setIsOpen(false); // the link navigates
      return;
    }
    close(true);
    item.onSelect?.();
  }

  let entryIndex = -1;
  itemRefs.current.length = entries.length;

  return (
    <div ref={rootRef} className={`dropdown dropdown--${placement}`}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={buttonClassName ? `dropdown__button ${buttonClassName}` : "dropdown__button"}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => (isOpen ? close(false) : open("first"))}
        onKeyDown={onButtonKeyDown}
      >
        {label}
      </button>
      {isOpen && (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="dropdown__menu"
          style={{ marginTop: offset }}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, position) => {
            if (item === "divider") {
              return <li key={`divider-${position}`} role="separator" className="dropdown__divider" />;
            }
            entryIndex += 1;
            const index = entryIndex;
            const className = [
              "dropdown__item",
              item.destructive ? "dropdown__item--destructive" : "",
              item.disabled ? "dropdown__item--disabled" : "",
            ]
              .filter(Boolean)
              .join(" ");
            const setRef = (element: HTMLElement | null) => {
              itemRefs.current[index] = element;
            };
            return (
              <li key={`${item.label}-${position}`} role="none">
                {item.to && !item.disabled ? (
                  <Link ref={setRef} to={item.to} role="menuitem" tabIndex={-1} className={className} onClick={() => choose(item)}>
                    {item.label}
                  </Link>
                ) : (
                  <button
                    ref={setRef}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={className}
                    aria-disabled={item.disabled ? true : undefined}
                    onClick={() => choose(item)}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
