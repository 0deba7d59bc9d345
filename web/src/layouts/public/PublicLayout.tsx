import { Suspense, useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation } from "react-router-dom";
import { ButtonLink } from "../../components/Button.tsx";
import { Logo } from "../../components/Logo.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useScrollToHash } from "./use-scroll-to-hash.ts";
import "./PublicLayout.css";

interface FooterLink {
  label: string;
  to: string;
}

/** SPEC.md section 2, "Public layout" and the footer anchors under the route table. */
export const FOOTER_GROUPS: ReadonlyArray<{ title: string; links: readonly FooterLink[] }> = [
  {
    title: "Product",
    links: [
      { label: "Features", to: "/#features" },
      { label: "Pricing", to: "/pricing" },
      { label: "About", to: "/#about" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Help Center", to: "/#help" },
      { label: "Contact", to: "/#contact" },
      { label: "Status", to: "/#status" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: "/legal/terms" },
      { label: "Privacy Policy", to: "/legal/privacy" },
      { label: "Cookie Policy", to: "/legal/cookies" },
      { label: "Security", to: "/security" },
    ],
  },
];

const MOBILE_MENU_ID = "public-mobile-menu";

export function PublicLayout() {
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const year = new Date().getFullYear();

  // A choice in the menu navigates; close the menu on any navigation.
  useEffect(() => setIsMenuOpen(false), [location.pathname, location.hash, location.key]);

  useScrollToHash();

  // Escape closes the menu from anywhere and gives focus back to the toggle.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setIsMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isMenuOpen]);

  const closeMenu = () => setIsMenuOpen(false);

  return (
    <div className="public-shell">
      <a className="public-skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-header">
        <div className="public-header-inner">
          <Link to="/" className="public-header-logo" aria-label="Amia home">
            <Logo />
          </Link>
          <nav className="public-header-actions" aria-label="Account">
            <ButtonLink to="/login" variant="secondary" size="small">
              Log In
            </ButtonLink>
            <ButtonLink to="/login" variant="primary" size="small">
              Start Free Trial
            </ButtonLink>
          </nav>
          <button
            ref={toggleRef}
            type="button"
            className="public-hamburger"
            aria-label={isMenuOpen ? "Close menu" : "Open menu"}
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <span aria-hidden="true" className="public-hamburger-icon">
              {isMenuOpen ? "✕" : "☰"}
            </span>
          </button>
        </div>
        {isMenuOpen && (
          <nav id={MOBILE_MENU_ID} className="public-mobile-menu" aria-label="Main menu">
            <Link to="/pricing" className="public-mobile-link" onClick={closeMenu}>
              Pricing
            </Link>
            <Link to="/login" className="public-mobile-link" onClick={closeMenu}>
              Log In
            </Link>
            <ButtonLink to="/login" variant="primary" className="public-mobile-cta">
              Start Free Trial
            </ButtonLink>
          </nav>
        )}
      </header>

      <main className="public-main" id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className="public-footer">
        <div className="public-footer-inner">
          <div className="public-footer-brand">
            <Logo />
            <p className="public-footer-tagline">Your Personal AI Assistant for Calendar Management</p>
          </div>
          <nav className="public-footer-groups" aria-label="Footer">
            {FOOTER_GROUPS.map((group) => (
              <div key={group.title} className="public-footer-group">
                <h2 className="public-footer-heading">{group.title}</h2>
                <ul className="public-footer-list">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="public-footer-link">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <p className="public-footer-copyright">{`© ${year} Amia`}</p>
      </footer>
    </div>
  );
}

export default PublicLayout;
