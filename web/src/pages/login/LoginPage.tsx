import { useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { signInUrl } from "../../api/session.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button } from "../../components/Button.tsx";
import { Logo } from "../../components/Logo.tsx";
import { Note } from "../../components/Note.tsx";
import { DEFAULT_MESSAGES } from "../../lib/errors.ts";
import { FullScreenSpinner } from "../../components/Spinner.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import "./LoginPage.css";

/** Only our own paths: `return_to` must never send the user to another site. */
export function safeReturnTo(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") ? value : "/dashboard";
}

export function LoginPage() {
  usePageTitle("Log in");
  const { loading, isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const error = params.get("error");
  const returnTo = safeReturnTo(params.get("return_to"));

  if (loading) return <FullScreenSpinner />;
  if (isAuthenticated) return <Navigate to={returnTo} replace />;

  const signIn = () => {
    setIsRedirecting(true);
    window.location.assign(signInUrl(returnTo));
  };

  return (
    <main className="login">
      <div className="login-card">
        <Link to="/" className="login-logo" aria-label="Amia home">
          <Logo />
        </Link>
        <h1 className="login-title">Welcome!</h1>
        <p className="login-lead">Sign in to plan, coordinate and chat with your calendar assistant.</p>
        {/* Whatever the address says went wrong, in our words (a link could carry any text). */}
        {error !== null && <Note kind="error">{DEFAULT_MESSAGES.googleLogin}</Note>}
        <Button variant="primary" size="large" loading={isRedirecting} onClick={signIn} className="login-google">
          Sign in with Google
        </Button>
        <p className="login-hint">Don't have an account? Create one above!</p>
        <Link to="/" className="login-home">
          <span aria-hidden="true">← </span>Back to the home page
        </Link>
      </div>
    </main>
  );
}

export default LoginPage;
