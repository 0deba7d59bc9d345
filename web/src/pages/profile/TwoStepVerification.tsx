import { useEffect, useMemo, useState } from "react";
import toast from "react-hot-toast";
import type { TEnrollFactorResponse, TFactor, TFactorProofBody } from "@amia/contracts";
import { useEnrollFactor, useFactors, useUnenrollFactor, useVerifyFactor } from "../../api/factors.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { FactorProofForm } from "../../auth/FactorProofForm.tsx";
import { proofFailure, type ProofFailure } from "../../auth/factor-proof.ts";
import { Button, buttonClassName } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Note } from "../../components/Note.tsx";
import { Pill } from "../../components/Pill.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { QrCode } from "./QrCode.tsx";
import { groupedKey, recoveryCodesLeft, recoveryCodesText } from "./two-step.ts";
import "./TwoStepVerification.css";

export const TWO_STEP_ON = "Two-step verification is on.";
export const TWO_STEP_OFF = "Two-step verification is off.";

/**
 * The Settings tab's two-step verification (issue 13 point 7): off → Set up (QR code, the key
 * as text, the app's first code) → the recovery codes, shown once → on; when on, Turn off asks
 * for a code or a recovery code.
 */
export function TwoStepVerification() {
  const factors = useFactors();
  const [setup, setSetup] = useState<TEnrollFactorResponse | null>(null);
  const [newRecoveryCodes, setNewRecoveryCodes] = useState<string[] | null>(null);

  const verified = factors.data?.find((factor) => factor.status === "verified");
  const isOn = Boolean(verified) && newRecoveryCodes === null;
  const status = factors.isSuccess ? (
    <Pill tone={verified ? "success" : "neutral"}>{verified ? "On" : "Off"}</Pill>
  ) : undefined;

  let body;
  if (factors.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading two-step verification">
        <Skeleton lines={2} />
      </div>
    );
  } else if (factors.isError) {
    body = (
      <div className="two-step__stack">
        <Note kind="error">{errorMessage(factors.error, DEFAULT_MESSAGES.fetchFactors)}</Note>
        <Button variant="secondary" loading={factors.isFetching} onClick={() => void factors.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (newRecoveryCodes) {
    body = <RecoveryCodes codes={newRecoveryCodes} onDone={() => setNewRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <SetUp
        setup={setup}
        onCancel={() => setSetup(null)}
        onVerified={(codes) => {
          setSetup(null);
          setNewRecoveryCodes(codes);
          toast.success(TWO_STEP_ON);
        }}
      />
    );
  } else if (isOn && verified) {
    body = <TurnedOn factor={verified} />;
  } else {
    body = <TurnedOff onEnrolled={setSetup} />;
  }

  return (
    <Card title="Two-step verification" actions={status} className="two-step">
      {body}
    </Card>
  );
}

function TurnedOff({ onEnrolled }: { onEnrolled: (setup: TEnrollFactorResponse) => void }) {
  const enroll = useEnrollFactor();
  return (
    <div className="two-step__stack">
      <p className="two-step__text">
        Add a second step to signing in: after Google, Amia asks for a 6-digit code from an authenticator app on your phone, so your password alone is not enough.
      </p>
      {enroll.isError && <Note kind="error">{errorMessage(enroll.error, DEFAULT_MESSAGES.enrollFactor, { codes: ACTION_CODE_MESSAGES.enrollFactor })}</Note>}
      <div>
        <Button loading={enroll.isPending} onClick={() => enroll.mutate(undefined, { onSuccess: onEnrolled })}>
          Set up
        </Button>
      </div>
    </div>
  );
}

function SetUp({ setup, onVerified, onCancel }: { setup: TEnrollFactorResponse; onVerified: (codes: string[]) => void; onCancel: () => void }) {
  const verify = useVerifyFactor();
  const [failure, setFailure] = useState<ProofFailure | null>(null);
  const key = groupedKey(setup.totp.secret);

  const submit = (proof: TFactorProofBody) => {
    if (proof.code === undefined) return;
    setFailure(null);
    verify.mutate(
      { factorId: setup.factor.id, code: proof.code },
      {
        onSuccess: ({ recovery_codes }) => onVerified(recovery_codes),
        onError: (error) => setFailure(proofFailure(error, DEFAULT_MESSAGES.verifyFactor, ACTION_CODE_MESSAGES.verifyFactor)),
      },
    );
  };

  return (
    <ol className="two-step__steps">
      <li className="two-step__step">
        <p className="two-step__text">Scan this QR code with an authenticator app, such as Google Authenticator, Microsoft Authenticator, 1Password or Authy.</p>
        <QrCode text={setup.totp.uri} label="QR code to scan with your authenticator app" />
        <p className="two-step__text">Can't scan it? Enter this key in the app instead:</p>
        <div className="two-step__key-row">
          <code className="two-step__key" aria-label="Setup key">
            {key}
          </code>
          <Button variant="secondary" size="small" onClick={() => void copy(setup.totp.secret, "Key copied.")}>
            Copy key
          </Button>
        </div>
      </li>
      <li className="two-step__step">
        <p className="two-step__text">Enter the 6-digit code the app now shows for Amia.</p>
        <FactorProofForm
          label="Turn on two-step verification"
          submitLabel="Turn on"
          onSubmit={submit}
          isPending={verify.isPending}
          failure={failure}
          secondary={
            <Button variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          }
        />
      </li>
    </ol>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { user } = useAuth();
  const text = recoveryCodesText(codes, user?.email ?? null);
  const downloadUrl = useMemo(() => URL.createObjectURL(new Blob([text], { type: "text/plain" })), [text]);
  useEffect(() => () => URL.revokeObjectURL(downloadUrl), [downloadUrl]);

  return (
    <div className="two-step__stack">
      <Note kind="success" title="Save your recovery codes">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. This is the only time they are shown.
      </Note>
      <ul className="two-step__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-step__actions">
        <Button variant="secondary" onClick={() => void copy(text, "Recovery codes copied.")}>
          Copy codes
        </Button>
        <a className={buttonClassName("secondary", "medium")} href={downloadUrl} download="amia-recovery-codes.txt">
          Download
        </a>
        <Button onClick={onDone}>I've saved them</Button>
      </div>
    </div>
  );
}

function TurnedOn({ factor }: { factor: TFactor }) {
  const unenroll = useUnenrollFactor();
  const [isTurningOff, setIsTurningOff] = useState(false);
  const [failure, setFailure] = useState<ProofFailure | null>(null);

  const submit = (proof: TFactorProofBody) => {
    setFailure(null);
    unenroll.mutate(
      { factorId: factor.id, proof },
      {
        onSuccess: () => void toast.success(TWO_STEP_OFF),
        onError: (error) => setFailure(proofFailure(error, DEFAULT_MESSAGES.unenrollFactor, ACTION_CODE_MESSAGES.unenrollFactor)),
      },
    );
  };

  return (
    <div className="two-step__stack">
      <p className="two-step__text">
        Each sign-in asks for a code from your authenticator app. {recoveryCodesLeft(factor.recovery_codes_left)}.
      </p>
      {isTurningOff ? (
        <FactorProofForm
          label="Turn off two-step verification"
          submitLabel="Turn off"
          onSubmit={submit}
          isPending={unenroll.isPending}
          failure={failure}
          allowsRecoveryCode
          autoFocus
          secondary={
            <Button
              variant="subtle"
              onClick={() => {
                setIsTurningOff(false);
                setFailure(null);
              }}
            >
              Cancel
            </Button>
          }
        />
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setIsTurningOff(true)}>
            Turn off
          </Button>
        </div>
      )}
    </div>
  );
}

async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error("Couldn't copy. Select the text and copy it yourself.");
  }
}
