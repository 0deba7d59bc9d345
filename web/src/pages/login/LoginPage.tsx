import { useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { signInUrl } from "../../api/session.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button } from "../../components/Button.tsx";
import { Logo } from "../../components/Logo.tsx";
import { Note } from "../../components/Note.tsx";
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
        <Logo />
        <h1 className="login-title">Welcome!</h1>
        <p className="login-lead">Sign in to plan, coordinate and chat with your calendar assistant.</p>
        {error && <Note kind="error">{error || "An error occurred during Google login."}</Note>}
        <Button variant="primary" size="large" loading={isRedirecting} onClick={signIn} className="login-google">
          Sign in with Google
        </Button>
        <p className="login-hint">Don't have an account? Create one above!</p>
      </div>
    </main>
  );
}

export default LoginPage;
