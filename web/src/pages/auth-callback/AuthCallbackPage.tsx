import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button } from "../../components/Button.tsx";
import { Note } from "../../components/Note.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { safeReturnTo } from "../login/LoginPage.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import { NO_SESSION, SIGN_IN_ERROR_FALLBACK, signInErrorWords } from "./sign-in-error.ts";
import "../login/LoginPage.css";

/**
 * Where the BFF sends the browser after the provider: with `?error=` when sign-in failed,
 * otherwise the session cookie is set and we read the session, then go on (replacing history).
 */
export function AuthCallbackPage() {
  usePageTitle("Signing in");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [error, setError] = useState<string | null>(params.get("error"));
  const started = useRef(false);

  useEffect(() => {
    if (error !== null || started.current) return;
    started.current = true;
    refresh().then(
      (user) => (user ? navigate(safeReturnTo(params.get("return_to")), { replace: true }) : setError(NO_SESSION)),
      () => setError(SIGN_IN_ERROR_FALLBACK),
    );
  }, [error, params, navigate, refresh]);

  return (
    <main className="login">
      <div className="login-card">
        {error === null ? (
          <>
            <Spinner label="Completing sign in..." />
            <p className="login-lead">Completing sign in...</p>
          </>
        ) : (
          <>
            <Note kind="error" title="Sign-in failed">
              {signInErrorWords(error)}
            </Note>
            <Button variant="primary" onClick={() => navigate("/login", { replace: true })}>
              Back to Login
            </Button>
          </>
        )}
      </div>
    </main>
  );
}

export default AuthCallbackPage;
