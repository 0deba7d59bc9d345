import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { useSendRelationshipRequest } from "../api/relationships.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { Button } from "./Button.tsx";
import { Note } from "./Note.tsx";
import { TextInput } from "./TextInput.tsx";
import { REQUEST_SENT_MESSAGE, emailToSend, sendFailure, sendProblem } from "./send-relationship-request.ts";
import "./SendRelationshipRequestForm.css";

export interface SendRelationshipRequestFormProps {
  /** "inline": the field and Send Request side by side (a card); "dialog": Cancel and Send Request beneath. */
  layout: "inline" | "dialog";
  /** After a request went out (the toast says so either way). */
  onSent?: () => void;
  /** Shows a Cancel button (in a dialog). */
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * Sending a relationship request, the one form for it (SPEC.md section 2: the dashboard's
 * Create Relationship modal, the profile's Relationships tab): an email, checked against your
 * own before it goes; "Relationship request sent" when it went; a refusal said on the field (a
 * bad address) or above the buttons (already connected, already asked, anything else).
 */
export function SendRelationshipRequestForm({ layout, onSent, onCancel, autoFocus = false }: SendRelationshipRequestFormProps) {
  const { user } = useAuth();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const send = useSendRelationshipRequest();
  const canSend = emailToSend(email) !== null && !send.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const requested = emailToSend(email);
    if (requested === null || send.isPending) return;
    const problem = sendProblem(requested, user?.email);
    if (problem) {
      setFieldError(problem);
      return;
    }
    setNoteError(null);
    send.mutate(requested, {
      onSuccess: () => {
        toast.success(REQUEST_SENT_MESSAGE);
        setEmail("");
        onSent?.();
      },
      onError: (error) => {
        const failure = sendFailure(error, requested, user?.email);
        setFieldError(failure.field);
        setNoteError(failure.note);
      },
    });
  }

  return (
    <form className={`send-request send-request--${layout}`} onSubmit={submit} noValidate>
      <TextInput
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Enter email address"
        autoFocus={autoFocus}
        value={email}
        error={fieldError ?? undefined}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(null);
          setNoteError(null);
        }}
      />
      {noteError && (
        <Note kind="error" onClose={() => setNoteError(null)}>
          {noteError}
        </Note>
      )}
      <div className="send-request__actions">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={send.isPending} disabled={!canSend}>
          Send Request
        </Button>
      </div>
    </form>
  );
}
