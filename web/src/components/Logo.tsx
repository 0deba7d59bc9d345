import { useEffect, useState } from "react";
import "./Logo.css";

/** SPEC section 9 "Logo": the long name collapses to the short one after 3 seconds. */
export const LOGO_COLLAPSE_MS = 3000;

export interface LogoProps {
  /** Start as "Amia Assistant" and collapse to "Amia" after LOGO_COLLAPSE_MS. */
  collapsible?: boolean;
}

/** The "Amia" wordmark. Layouts wrap it in a link to where it should go. */
export function Logo({ collapsible = false }: LogoProps) {
  const [isCollapsed, setIsCollapsed] = useState(false);

  useEffect(() => {
    if (!collapsible) return;
    const timer = window.setTimeout(() => setIsCollapsed(true), LOGO_COLLAPSE_MS);
    return () => window.clearTimeout(timer);
  }, [collapsible]);

  const isExpanded = collapsible && !isCollapsed;
  return (
    <span className={["logo", collapsible ? "logo--collapsible" : "", isExpanded ? "logo--expanded" : ""].filter(Boolean).join(" ")}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect x="2" y="5" width="28" height="25" rx="7" fill="currentColor" />
        <rect x="9" y="2" width="3" height="7" rx="1.5" fill="currentColor" />
        <rect x="20" y="2" width="3" height="7" rx="1.5" fill="currentColor" />
        <path d="M16 12.5l1.6 3.6 3.9.4-2.9 2.6.8 3.8L16 21l-3.4 1.9.8-3.8-2.9-2.6 3.9-.4z" fill="#ffffff" />
      </svg>
      <span className="logo__text">
        Amia
        {isExpanded && <span className="logo__suffix">{" Assistant"}</span>}
      </span>
    </span>
  );
}
