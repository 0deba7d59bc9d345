import { useState } from "react";
import toast from "react-hot-toast";
import type { TRelationship, TRelationshipRequest, TRelationshipRequestStatus } from "@amia/contracts";
import {
  useAnswerRelationshipRequest,
  useDeleteRelationship,
  useDeleteRelationshipRequest,
  useRelationshipRequests,
  useRelationships,
} from "../../api/relationships.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { EmailText } from "../../components/EmailText.tsx";
import { Note } from "../../components/Note.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { SendRelationshipRequestForm } from "../../components/SendRelationshipRequestForm.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { formatShortDate } from "../../lib/format.ts";
import { answerButtons, statusAfterAnswer } from "./request-answer.ts";
import { cancelRequestDialog, personName, removeRelationshipDialog, type ConfirmWords } from "./relationship-actions.ts";

const TAKE = 10; // SPEC.md section 9: relationships page size (requests are paged alike)

export function RelationshipsTab() {
  return (
    <div className="profile-stack">
      <Card title="Add relationship">
        <SendRelationshipRequestForm layout="inline" />
      </Card>
      <YourRelationshipsCard />
      <ReceivedRequestsCard />
      <PendingRequestsCard />
    </div>
  );
}

function YourRelationshipsCard() {
  const [skip, setSkip] = useState(0);
  const relationships = useRelationships({ skip, take: TAKE });
  const remove = useDeleteRelationship();
  const [removing, setRemoving] = useState<TRelationship | null>(null);
  const data = relationships.data;

  function confirmRemove() {
    if (!removing) return;
    const name = personName(removing.other_user);
    remove.mutate(removing.id, {
      onSuccess: () => toast.success(`You're no longer connected with ${name}`),
      onSettled: () => setRemoving(null),
    });
  }

  let body;
  if (relationships.isPending) body = <Skeleton lines={3} />;
  else if (relationships.isError && !data)
    body = <Note kind="error">{errorMessage(relationships.error, DEFAULT_MESSAGES.fetchRelationship)}</Note>;
  else if (!data || data.relationships.length === 0) body = <p className="profile-empty">No relationships yet.</p>;
  else
    body = (
      <>
          <ul className="profile-list" aria-busy={relationships.isPlaceholderData}>
            {data.relationships.map((relationship) => {
              const name = personName(relationship.other_user);
              return (
                <li key={relationship.id} className="profile-list-item">
                  <div className="profile-list-main">
                    <span className="profile-list-name">{name}</span>
                    <EmailText className="profile-list-email" email={relationship.other_user.email} />
                    <span className="profile-list-meta">Connected since {formatShortDate(relationship.created_at)}</span>
                  </div>
                  <div className="profile-list-actions">
                    <Button size="small" variant="secondary" aria-label={`Remove ${name}`} onClick={() => setRemoving(relationship)}>
                      Remove
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <Pagination skip={skip} take={TAKE} total={data.total_count} onChange={setSkip} />
      </>
    );

  return (
    <Card title="Your Relationships">
      <ConfirmedAction
        words={removing ? removeRelationshipDialog(removing.other_user) : null}
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, DEFAULT_MESSAGES.deleteRelationship, { codes: ACTION_CODE_MESSAGES.removeRelationship }) : null}
        onDismissError={() => remove.reset()}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
      {body}
    </Card>
  );
}

function ReceivedRequestsCard() {
  const [skip, setSkip] = useState(0);
  const received = useRelationshipRequests("received", { status: "pending", skip, take: TAKE });
  const answer = useAnswerRelationshipRequest();
  // Answered here: shown with its new status (buttons disabled) until the reloaded list drops it.
  const [answered, setAnswered] = useState<Record<string, TRelationshipRequestStatus>>({});
  const [answeringId, setAnsweringId] = useState<string | null>(null);

  const respond = (request: TRelationshipRequest, choice: "approve" | "reject") => {
    setAnsweringId(request.id);
    answer.mutate(
      { id: request.id, answer: choice },
      {
        onSuccess: () => setAnswered((current) => ({ ...current, [request.id]: statusAfterAnswer(choice) })),
        // SPEC.md section 8: accept and decline fail silently (logged only).
        onError: (error) => console.error(`Failed to ${choice} relationship request ${request.id}`, error),
        onSettled: () => setAnsweringId(null),
      },
    );
  };

  const requests = received.data?.relationship_requests ?? [];
  let body;
  if (received.isPending) body = <Skeleton lines={2} />;
  else if (received.isError)
    body = <Note kind="error">{errorMessage(received.error, DEFAULT_MESSAGES.fetchRelationshipRequest)}</Note>;
  else if (requests.length === 0 && skip === 0) body = <p className="profile-empty">No pending requests.</p>;
  else
    body = (
      <>
        <ul className="profile-list" aria-busy={received.isPlaceholderData}>
          {requests.map((request) => {
            const name = personName(request.requester);
            const buttons = answerButtons(answered[request.id] ?? request.status, answeringId === request.id);
            return (
              <li key={request.id} className="profile-list-item">
                <div className="profile-list-main">
                  <span className="profile-list-name">{name}</span>
                  {request.requester.full_name && <EmailText className="profile-list-email" email={request.requester.email} />}
                  <span className="profile-list-meta">Received on {formatShortDate(request.created_at)}</span>
                </div>
                <div className="profile-list-actions">
                  <Button
                    size="small"
                    variant="primary"
                    disabled={buttons.isAcceptDisabled}
                    aria-label={`Accept request from ${name}`}
                    onClick={() => respond(request, "approve")}
                  >
                    Accept
                  </Button>
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={buttons.isDeclineDisabled}
                    aria-label={`Decline request from ${name}`}
                    onClick={() => respond(request, "reject")}
                  >
                    Decline
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <Pagination skip={skip} take={TAKE} total={received.data?.total_count ?? 0} onChange={setSkip} />
      </>
    );

  return <Card title="Received Requests">{body}</Card>;
}

function PendingRequestsCard() {
  const [skip, setSkip] = useState(0);
  const sent = useRelationshipRequests("sent", { status: "pending", skip, take: TAKE });
  const cancel = useDeleteRelationshipRequest();
  const [cancelling, setCancelling] = useState<TRelationshipRequest | null>(null);
  const requests = sent.data?.relationship_requests ?? [];

  function confirmCancel() {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => toast.success("Request cancelled"),
      onSettled: () => setCancelling(null),
    });
  }

  let body;
  if (sent.isPending) body = <Skeleton lines={2} />;
  else if (sent.isError) body = <Note kind="error">{errorMessage(sent.error, DEFAULT_MESSAGES.fetchRelationshipRequest)}</Note>;
  else if (requests.length === 0 && skip === 0) body = <p className="profile-empty">No pending requests.</p>;
  else
    body = (
      <>
        <ul className="profile-list" aria-busy={sent.isPlaceholderData}>
          {requests.map((request) => (
            <li key={request.id} className="profile-list-item">
              <div className="profile-list-main">
                <EmailText className="profile-list-name" email={request.requested_email} />
                <span className="profile-list-meta">Sent on {formatShortDate(request.created_at)}</span>
              </div>
              <div className="profile-list-actions">
                <Button size="small" variant="secondary" aria-label={`Cancel request to ${request.requested_email}`} onClick={() => setCancelling(request)}>
                  Cancel Request
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Pagination skip={skip} take={TAKE} total={sent.data?.total_count ?? 0} onChange={setSkip} />
      </>
    );

  return (
    <Card title="Pending Requests">
      <ConfirmedAction
        words={cancelling ? cancelRequestDialog(cancelling.requested_email) : null}
        confirmLabel="Cancel Request"
        cancelLabel="Keep It"
        busy={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error, DEFAULT_MESSAGES.deleteRelationshipRequest, { codes: ACTION_CODE_MESSAGES.cancelRelationshipRequest }) : null}
        onDismissError={() => cancel.reset()}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
      {body}
    </Card>
  );
}

/** A card's destructive action: asked first (open while `words` is set), its failure said above the list. */
function ConfirmedAction({
  words,
  confirmLabel,
  cancelLabel,
  busy,
  error,
  onDismissError,
  onConfirm,
  onCancel,
}: {
  words: ConfirmWords | null;
  confirmLabel: string;
  cancelLabel?: string;
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <Note kind="error" onClose={onDismissError}>
          {error}
        </Note>
      )}
      <ConfirmDialog
        open={words !== null}
        title={words?.title ?? ""}
        message={words?.message ?? ""}
        confirmLabel={confirmLabel}
        {...(cancelLabel ? { cancelLabel } : {})}
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  );
}
