import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useMfaVerify } from "../../api/session.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { FactorProofForm } from "../../auth/FactorProofForm.tsx";
import { proofFailure, type ProofFailure } from "../../auth/factor-proof.ts";
import { Button } from "../../components/Button.tsx";
import { Logo } from "../../components/Logo.tsx";
import { Note } from "../../components/Note.tsx";
import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES } from "../../lib/errors.ts";
import { safeReturnTo } from "../login/LoginPage.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import "../login/LoginPage.css";

/**
 * Sign-in's second step, for a user with two-step verification on: the BFF sends the browser
 * here after the provider, with no session yet; the code (or a recovery code) makes it. A
 * sign-in left here over 5 minutes has expired: the person starts again.
 */
export function AuthCodePage() {
  usePageTitle("Two-step verification");
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const verify = useMfaVerify();
  const [failure, setFailure] = useState<ProofFailure | null>(null);
  const [isExpired, setIsExpired] = useState(false);

  const submit = (proof: Parameters<typeof verify.mutate>[0]) => {
    setFailure(null);
    verify.mutate(proof, {
      onSuccess: async ({ return_to }) => {
        await refresh();
        navigate(safeReturnTo(return_to), { replace: true });
      },
      onError: (error) => {
        if ((error as { code?: unknown }).code === "unauthorized") setIsExpired(true);
        else setFailure(proofFailure(error, DEFAULT_MESSAGES.mfaSignIn, ACTION_CODE_MESSAGES.mfaSignIn));
      },
    });
  };

  return (
    <main className="login">
      <div className="login-card">
        <Link to="/" className="login-logo" aria-label="Amia home">
          <Logo />
        </Link>
        <h1 className="login-title">Two-step verification</h1>
        {isExpired ? (
          <>
            <Note kind="warning">{ACTION_CODE_MESSAGES.mfaSignIn.unauthorized}</Note>
            <Button variant="primary" onClick={() => navigate("/login", { replace: true })}>
              Back to Login
            </Button>
          </>
        ) : (
          <>
            <p className="login-lead">One more step: a code from your authenticator app finishes signing in.</p>
            <FactorProofForm label="Two-step verification code" submitLabel="Verify" onSubmit={submit} isPending={verify.isPending || verify.isSuccess} failure={failure} allowsRecoveryCode autoFocus />
            <Link to="/login" className="login-home">
              Start over
            </Link>
          </>
        )}
      </div>
    </main>
  );
}

export default AuthCodePage;
