import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { TProposal, TProposalStatus } from "@amia/contracts";
import { useProposal, useProposalAction, type ProposalAction } from "../../api/assistant.ts";
import { Button } from "../../components/Button.tsx";
import { Note } from "../../components/Note.tsx";
import { Pill, type PillTone } from "../../components/Pill.tsx";
import { proposalErrorMessage } from "../../lib/errors.ts";
import { REQUIRED_REVIEWER_TOOLTIP } from "../../lib/event-status.ts";
import { useViewerTimeZone } from "../../api/settings.ts";
import { ZonedTime } from "../../components/ZonedTime.tsx";
import { formatEventWhen } from "../../lib/format.ts";
import { recurrenceWords } from "../../lib/repeat.ts";
import { eventPrefillState } from "../events/prefill.ts";
import {
  canUndo,
  cardStatus,
  changeLines,
  changeTarget,
  confirmBody,
  currentNextStep,
  durationText,
  initialChoices,
  isAnswered,
  nextStepText,
  personName,
  pickedReviewers,
  statusText,
  undoLabel,
  type CardChoices,
} from "./proposal-card.ts";
import { useNowAcross } from "./useNow.ts";
import "./ProposalCard.css";

const STATUS_PILLS: Record<TProposalStatus, { label: string; tone: PillTone }> = {
  open: { label: "Proposal", tone: "secondary" },
  confirmed: { label: "Confirmed", tone: "success" },
  undone: { label: "Undone", tone: "neutral" },
  expired: { label: "Expired", tone: "neutral" },
  dismissed: { label: "Cancelled", tone: "neutral" },
};

/**
 * A proposal card (issue 10 point 2): what the assistant would write, rendered from the
 * proposal's data. Nothing is written before Confirm; after it the card links to the request
 * and offers Undo while the window is open. Its proposal lives in the react-query cache, so
 * Confirm / Undo / Cancel answers show at once and survive re-renders of the conversation.
 */
export function ProposalCard({ proposal: initial }: { proposal: TProposal }) {
  const { data: proposal } = useProposal(initial);
  const now = useNowAcross([proposal.expires_at, proposal.undo_until]);
  const status = cardStatus(proposal, now);
  const headingId = useId();
  const pill = STATUS_PILLS[status];
  const articleRef = useRef<HTMLElement>(null);

  // Confirm, Cancel and Undo remove the button that was pressed: keep the keyboard user's place
  // by moving focus to the line that says what happened (only when focus was in this card).
  const previousStatusRef = useRef(status);
  useEffect(() => {
    if (previousStatusRef.current === status) return;
    previousStatusRef.current = status;
    const active = document.activeElement;
    const article = articleRef.current;
    if (article && (active === null || active === document.body || article.contains(active))) {
      article.querySelector<HTMLElement>(".proposal-card__status")?.focus();
    }
  }, [status]);

  return (
    <article ref={articleRef} className={`proposal-card proposal-card--${status}`} aria-labelledby={headingId}>
      <header className="proposal-card__header">
        <h2 id={headingId} className="proposal-card__heading">
          {proposal.summary}
        </h2>
        <Pill tone={pill.tone}>{pill.label}</Pill>
      </header>
      {status === "open" ? <OpenProposal proposal={proposal} /> : <ClosedProposal proposal={proposal} now={now} />}
    </article>
  );
}

/** Title, when (with its zone), location and duration: the same open or closed. */
function ProposalFacts({ proposal }: { proposal: TProposal }) {
  const { event } = proposal;
  // A proposal always names its zone: it is part of what the person confirms.
  const viewerZone = useViewerTimeZone();
  const when = formatEventWhen(event.start_date, event.end_date, viewerZone, { alwaysNameZone: true });
  const duration = proposal.kind === "cancel" ? null : durationText(event.duration_minutes, event.duration_source, event.duration_reason);
  // How it repeats, in the event's time (zone named when the viewer's clocks differ).
  const repeats = recurrenceWords(event, viewerZone);
  return (
    <dl className="proposal-card__facts">
      <div>
        <dt>Title</dt>
        <dd>{event.title || "Untitled event"}</dd>
      </div>
      <div>
        <dt>When</dt>
        <dd>
          <ZonedTime value={when} />
        </dd>
      </div>
      {repeats && (
        <div>
          <dt>Repeats</dt>
          <dd>{repeats}</dd>
        </div>
      )}
      {event.location && (
        <div>
          <dt>Location</dt>
          <dd>{event.location}</dd>
        </div>
      )}
      {duration && (
        <div>
          <dt>Duration</dt>
          <dd>{duration}</dd>
        </div>
      )}
    </dl>
  );
}

/** An update's changes, each "before → after". */
function ProposalChanges({ proposal }: { proposal: TProposal }) {
  const lines = changeLines(proposal, useViewerTimeZone());
  if (lines.length === 0) return null;
  return (
    <section className="proposal-card__section">
      <h3 className="proposal-card__subheading">What changes</h3>
      <ul className="proposal-card__changes">
        {lines.map((line) => (
          <li key={line.label}>
            <span className="proposal-card__change-label">{line.label}:</span> <s className="proposal-card__before">{line.before}</s>{" "}
            <span aria-hidden="true">→</span>
            <span className="visually-hidden"> becomes </span> <span className="proposal-card__after">{line.after}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenProposal({ proposal }: { proposal: TProposal }) {
  const navigate = useNavigate();
  const action = useProposalAction(proposal.id);
  const [choices, setChoices] = useState<CardChoices>(() => initialChoices(proposal));
  const ids = useId();
  const picked = pickedReviewers(proposal, choices);
  const everyone = [...choices.reviewers, ...picked];
  const requiredNames = everyone.filter((reviewer) => reviewer.required).map((reviewer) => reviewer.name);
  const answered = isAnswered(proposal, choices);
  const pending = action.isPending ? action.variables.action : null;
  const canEditReviewers = proposal.kind === "create";

  const act = (name: ProposalAction) => {
    action.reset();
    action.mutate(name === "confirm" ? { action: name, body: confirmBody(proposal, choices, picked) } : { action: name });
  };

  const setRequired = (userId: string, required: boolean) =>
    setChoices((current) => ({ ...current, reviewers: current.reviewers.map((r) => (r.user_id === userId ? { ...r, required } : r)) }));
  const drop = (userId: string) => setChoices((current) => ({ ...current, reviewers: current.reviewers.filter((r) => r.user_id !== userId) }));
  const pick = (index: number, userId: string) => setChoices((current) => ({ ...current, picks: { ...current.picks, [index]: userId } }));

  const change = () => {
    const target = changeTarget(proposal, everyone);
    void navigate(target.path, { state: eventPrefillState(target.prefill) });
  };

  return (
    <>
      <ProposalFacts proposal={proposal} />
      <ProposalChanges proposal={proposal} />

      {canEditReviewers && choices.reviewers.length > 0 && (
        <fieldset className="proposal-card__section proposal-card__reviewers">
          <legend className="proposal-card__subheading">Reviewers</legend>
          <ul className="proposal-card__reviewer-list">
            {choices.reviewers.map((reviewer) => {
              const switchId = `${ids}-required-${reviewer.user_id}`;
              return (
                <li key={reviewer.user_id} className="proposal-card__reviewer">
                  <span className="proposal-card__reviewer-name">{reviewer.name}</span>
                  <span className="proposal-card__switch" title={REQUIRED_REVIEWER_TOOLTIP}>
                    <input
                      id={switchId}
                      type="checkbox"
                      role="switch"
                      className="proposal-card__switch-input"
                      checked={reviewer.required}
                      aria-checked={reviewer.required}
                      onChange={(event) => setRequired(reviewer.user_id, event.target.checked)}
                    />
                    <label htmlFor={switchId}>
                      Required<span className="visually-hidden"> review from {reviewer.name}</span>
                    </label>
                  </span>
                  <Button variant="subtle" size="x-small" aria-label={`Remove ${reviewer.name}`} onClick={() => drop(reviewer.user_id)}>
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      {proposal.questions.map((question, index) =>
        question.kind === "ambiguous_person" ? (
          <fieldset key={index} className="proposal-card__section proposal-card__question">
            <legend className="proposal-card__subheading">Which {question.name} did you mean?</legend>
            {[...question.candidates.map((candidate) => ({ id: candidate.user_id, label: personLabel(candidate) })), { id: "", label: "Nobody" }].map(
              (option) => {
                const optionId = `${ids}-q${index}-${option.id || "nobody"}`;
                return (
                  <div key={optionId} className="proposal-card__option">
                    <input
                      id={optionId}
                      type="radio"
                      name={`${ids}-q${index}`}
                      checked={choices.picks[index] === option.id}
                      onChange={() => pick(index, option.id)}
                    />
                    <label htmlFor={optionId}>{option.label}</label>
                  </div>
                );
              },
            )}
          </fieldset>
        ) : (
          <p key={index} className="proposal-card__unknown">
            {question.name} is not among your connections, so nobody was added for them.
          </p>
        ),
      )}

      {picked.length > 0 && (
        <p className="proposal-card__hint">{picked.map((reviewer) => reviewer.name).join(", ")} will be asked as required reviewer.</p>
      )}

      <p className="proposal-card__next">
        <strong>What happens next: </strong>
        {nextStepText(currentNextStep(proposal, requiredNames), requiredNames)}
      </p>

      {action.isError && <Note kind="error">{proposalErrorMessage(action.variables.action, action.error)}</Note>}
      {!answered && <p className="proposal-card__hint">Choose who you meant above to confirm.</p>}

      <div className="proposal-card__buttons">
        <Button variant="primary" size="small" loading={pending === "confirm"} disabled={pending !== null || !answered} onClick={() => act("confirm")}>
          Confirm
        </Button>
        {proposal.kind !== "cancel" && (
          <Button variant="secondary" size="small" disabled={pending !== null} onClick={change}>
            Change
          </Button>
        )}
        <Button variant="subtle" size="small" loading={pending === "cancel"} disabled={pending !== null} onClick={() => act("cancel")}>
          Cancel
        </Button>
      </div>
    </>
  );
}

/** "Bruno Costa (bruno@example.com)": candidates of one name need telling apart. */
function personLabel(person: { full_name: string | null; email: string | null }): string {
  const name = personName(person);
  return person.email && person.email !== name ? `${name} (${person.email})` : name;
}

function ClosedProposal({ proposal, now }: { proposal: TProposal; now: number }) {
  const action = useProposalAction(proposal.id);
  const status = cardStatus(proposal, now);
  const reviewers = proposal.event.reviewers;
  const showLink = status === "confirmed" && proposal.event_request_id !== null && proposal.next_step !== "cancelled";
  return (
    <>
      <ProposalFacts proposal={proposal} />
      <ProposalChanges proposal={proposal} />
      {reviewers.length > 0 && (
        <p className="proposal-card__reviewers-line">
          <strong>Reviewers: </strong>
          {reviewers.map((reviewer) => `${personName(reviewer)} (${reviewer.required ? "required" : "optional"})`).join(", ")}
        </p>
      )}
      <p className="proposal-card__status" role="status" tabIndex={-1}>
        {statusText(proposal, now)}
        {showLink && (
          <>
            {" · "}
            <Link to={`/events/${encodeURIComponent(proposal.event_request_id ?? "")}`}>View the event request</Link>
          </>
        )}
      </p>
      {action.isError && <Note kind="error">{proposalErrorMessage("undo", action.error)}</Note>}
      {canUndo(proposal, now) && proposal.undo_until && (
        <div className="proposal-card__buttons">
          <Button variant="secondary" size="small" loading={action.isPending} onClick={() => action.mutate({ action: "undo" })}>
            {undoLabel(proposal.undo_until)}
          </Button>
        </div>
      )}
    </>
  );
}
