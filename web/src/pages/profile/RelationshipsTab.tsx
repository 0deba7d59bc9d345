import { useState, type FormEvent } from "react";
import type { TRelationshipRequest, TRelationshipRequestStatus } from "@amia/contracts";
import {
  useAnswerRelationshipRequest,
  useRelationshipRequests,
  useRelationships,
  useSendRelationshipRequest,
} from "../../api/relationships.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Note } from "../../components/Note.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { formatShortDate } from "../../lib/format.ts";
import { answerButtons, statusAfterAnswer } from "./request-answer.ts";

const TAKE = 10; // SPEC.md section 9: relationships page size

export function RelationshipsTab() {
  return (
    <div className="profile-stack">
      <AddRelationshipCard />
      <YourRelationshipsCard />
      <ReceivedRequestsCard />
      <PendingRequestsCard />
    </div>
  );
}

function AddRelationshipCard() {
  const [email, setEmail] = useState("");
  const send = useSendRelationshipRequest();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const requested = email.trim();
    if (!requested) return;
    send.mutate(requested, { onSuccess: () => setEmail("") });
  };

  return (
    <Card title="Add relationship">
      <form className="profile-add-form" onSubmit={submit}>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter email address"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (send.isError || send.isSuccess) send.reset();
          }}
        />
        <Button type="submit" loading={send.isPending} disabled={email.trim() === ""}>
          Send Request
        </Button>
      </form>
      {send.isError && (
        <Note kind="error" onClose={() => send.reset()}>
          {errorMessage(send.error, DEFAULT_MESSAGES.createRelationshipRequest)}
        </Note>
      )}
    </Card>
  );
}

function YourRelationshipsCard() {
  const [skip, setSkip] = useState(0);
  const relationships = useRelationships({ skip, take: TAKE });
  const data = relationships.data;

  let body;
  if (relationships.isPending) body = <Skeleton lines={3} />;
  else if (relationships.isError && !data)
    body = <Note kind="error">{errorMessage(relationships.error, DEFAULT_MESSAGES.fetchRelationship)}</Note>;
  else if (!data || data.relationships.length === 0) body = <p className="profile-empty">No relationships yet.</p>;
  else
    body = (
      <>
        <ul className="profile-list" aria-busy={relationships.isPlaceholderData}>
          {data.relationships.map((relationship) => (
            <li key={relationship.id} className="profile-list-item">
              <div className="profile-list-main">
                <span className="profile-list-name">{relationship.other_user.full_name || relationship.other_user.email}</span>
                <span className="profile-list-email">{relationship.other_user.email}</span>
              </div>
              <span className="profile-list-meta">Connected since {formatShortDate(relationship.created_at)}</span>
            </li>
          ))}
        </ul>
        <Pagination skip={skip} take={TAKE} total={data.total_count} onChange={setSkip} />
      </>
    );

  return <Card title="Your Relationships">{body}</Card>;
}

function ReceivedRequestsCard() {
  const received = useRelationshipRequests("received", "pending");
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
  else if (requests.length === 0) body = <p className="profile-empty">No pending requests.</p>;
  else
    body = (
      <ul className="profile-list">
        {requests.map((request) => {
          const name = request.requester.full_name || request.requester.email;
          const buttons = answerButtons(answered[request.id] ?? request.status, answeringId === request.id);
          return (
            <li key={request.id} className="profile-list-item">
              <div className="profile-list-main">
                <span className="profile-list-name">{name}</span>
                <span className="profile-list-email">{request.requester.email}</span>
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
    );

  return <Card title="Received Requests">{body}</Card>;
}

function PendingRequestsCard() {
  const sent = useRelationshipRequests("sent", "pending");
  const requests = sent.data?.relationship_requests ?? [];

  let body;
  if (sent.isPending) body = <Skeleton lines={2} />;
  else if (sent.isError) body = <Note kind="error">{errorMessage(sent.error, DEFAULT_MESSAGES.fetchRelationshipRequest)}</Note>;
  else if (requests.length === 0) body = <p className="profile-empty">No pending requests.</p>;
  else
    body = (
      <ul className="profile-list">
        {requests.map((request) => (
          <li key={request.id} className="profile-list-item">
            <div className="profile-list-main">
              <span className="profile-list-name">{request.requested_email}</span>
            </div>
            <span className="profile-list-meta">Sent on {formatShortDate(request.created_at)}</span>
          </li>
        ))}
      </ul>
    );

  return <Card title="Pending Requests">{body}</Card>;
}
