import { Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router-dom";
import { useLiveNotifications } from "../../api/notifications.ts";
import { displayName, useAuth } from "../../auth/AuthProvider.tsx";
import { DropdownMenu } from "../../components/DropdownMenu.tsx";
import { Logo } from "../../components/Logo.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import "./SignedInLayout.css";

/** SPEC.md section 2, "Signed-in layout". */
export function SignedInLayout() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  useLiveNotifications(Boolean(user));

  // The mobile menu closes after any choice, and on navigation.
  useEffect(() => setIsMenuOpen(false), [location.pathname]);

  const logout = async () => {
    setIsMenuOpen(false);
    await signOut();
    navigate("/login", { replace: true });
  };
  const name = user ? displayName(user) : "";

  return (
    <div className="app-shell">
      <header className="app-header">
        <Link to="/dashboard" className="app-header-logo" title="Go to the dashboard">
          <Logo collapsible />
        </Link>
        <div className="app-header-end">
          <span className="app-header-name">{name}</span>
          <div className="app-header-desktop">
            <DropdownMenu
              label={<span className="app-avatar" aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
              ariaLabel="Profile menu"
              placement="bottom-end"
              offset={8}
              items={[
                { label: "Profile", to: "/profile" },
                { label: "Events", to: "/events" },
                { label: "Chat", to: "/chat" },
                "divider",
                { label: "Logout", onSelect: () => void logout(), destructive: true },
              ]}
            />
          </div>
          <button
            type="button"
            className="app-hamburger"
            aria-label={isMenuOpen ? "Close menu" : "Open menu"}
            aria-expanded={isMenuOpen}
            aria-controls="app-mobile-menu"
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">{isMenuOpen ? "✕" : "☰"}</span>
          </button>
        </div>
      </header>
      {isMenuOpen && (
        <nav id="app-mobile-menu" className="app-mobile-menu" aria-label="Main menu" onKeyDown={(event) => event.key === "Escape" && setIsMenuOpen(false)}>
          <Link to="/profile" onClick={() => setIsMenuOpen(false)}>
            Profile
          </Link>
          <Link to="/events" onClick={() => setIsMenuOpen(false)}>
            Events
          </Link>
          <button type="button" className="app-mobile-signout" onClick={() => void logout()}>
            Sign Out
          </button>
        </nav>
      )}
      <main className="app-main" id="main">
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app-footer">Made with care by the Amia team.</footer>
    </div>
  );
}

export default SignedInLayout;
