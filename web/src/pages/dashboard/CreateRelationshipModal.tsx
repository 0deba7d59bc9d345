import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { useSendRelationshipRequest } from "../../api/relationships.ts";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { Note } from "../../components/Note.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";

/** SPEC.md section 2, Dashboard modals: "Create Relationship". */
export function CreateRelationshipModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useSendRelationshipRequest();
  const trimmed = email.trim();

  const close = () => {
    setEmail("");
    setError(null);
    send.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (trimmed === "" || send.isPending) return;
    setError(null);
    send.mutate(trimmed, {
      onSuccess: () => {
        toast.success("Relationship request sent");
        close();
      },
      onError: (cause) => setError(errorMessage(cause, DEFAULT_MESSAGES.createRelationshipRequest)),
    });
  };

  const footer = (
    <>
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={send.isPending} disabled={trimmed === ""}>
        Send Request
      </Button>
    </>
  );

  return (
    <Modal open={open} onClose={close} title="Create Relationship" size="small" footer={footer}>
      <form id={formId} className="dashboard-relationship-form" onSubmit={onSubmit} noValidate>
        {error && <Note kind="error">{error}</Note>}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter email address"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
      </form>
    </Modal>
  );
}
