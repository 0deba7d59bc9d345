import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import toast from "react-hot-toast";
import type { TApprover, TEventRequest } from "@amia/contracts";
import { useDeleteEventRequest, useEventRequest, useReviewEventRequest } from "../../api/event-requests.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Note } from "../../components/Note.tsx";
import { Pill } from "../../components/Pill.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { TextArea } from "../../components/TextArea.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import {
  REQUIRED_REVIEWER_TOOLTIP,
  approvalStatusLabel,
  approvalStatusTone,
  approverRequiredLabel,
  approverStatusLabel,
  approverStatusTone,
  statusLabel,
  statusTone,
} from "../../lib/event-status.ts";
import { formatDateTime, formatShortDate } from "../../lib/format.ts";
import { usePageTitle } from "../usePageTitle.ts";
import { eventDateTime } from "./event-dates.ts";
import { InfoTip } from "./InfoTip.tsx";
import { approvalProgress, approverName, isNotFound, pendingApproverFor } from "./event-detail.ts";
import { eventCardTitle, isCreator } from "./events-list.ts";
import "./Events.css";

/** Event detail (SPEC.md section 2), with the reviewer's Approve / Reject while their answer is due. */
export function EventDetailPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const request = useEventRequest(id);
  const title = request.data ? eventCardTitle(request.data.title) : "Event";
  usePageTitle(title);

  if (request.isPending) {
    return (
      <div className="page events-page">
        <Card className="event-detail">
          <span className="visually-hidden" role="status">
            Loading
          </span>
          <Skeleton lines={6} />
        </Card>
      </div>
    );
  }

  if (request.isError) {
    return (
      <div className="page events-page">
        {isNotFound(request.error) ? (
          <Card className="events-empty">
            <h1 className="events-empty__title">Event not found</h1>
            <p className="events-empty__text">The event you&apos;re looking for doesn&apos;t exist or has been deleted.</p>
            <ButtonLink to="/events" variant="secondary">
              Back to Events
            </ButtonLink>
          </Card>
        ) : (
          <div className="events-error">
            <h1>Event</h1>
            <Note kind="error">{errorMessage(request.error, DEFAULT_MESSAGES.fetchEventRequest)}</Note>
            <div className="event-detail__buttons">
              <ButtonLink to="/events" variant="secondary">
                Back to Events
              </ButtonLink>
              <Button variant="secondary" onClick={() => void request.refetch()}>
                Try Again
              </Button>
            </div>
          </div>
        )}
      </div>
    );
  }

  const event = request.data;
  const myReview = pendingApproverFor(event, user?.id);
  return (
    <div className="page events-page">
      <EventDetails event={event} canManage={isCreator(event, user?.id)} />
      {myReview && <ReviewCard eventId={event.id} />}
      {event.approvers.length > 0 && <ApproversCard approvers={event.approvers} />}
    </div>
  );
}

function EventDetails({ event, canManage }: { event: TEventRequest; canManage: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteEventRequest();
  const [confirming, setConfirming] = useState(false);
  const title = eventCardTitle(event.title);
  const progress = approvalProgress(event);

  function confirmDelete() {
    remove.mutate(event.id, {
      onSuccess: () => {
        setConfirming(false);
        void navigate("/events");
      },
      // SPEC.md section 8: a failed event delete is logged only, with no message to the user.
      onError: (error) => {
        console.error("Event delete failed", error);
        setConfirming(false);
      },
    });
  }

  return (
    <>
      <Card className="event-detail">
        <header className="event-detail__header">
          <div>
            <h1 className="event-detail__title">{title}</h1>
            <p className="event-detail__created">Created {formatShortDate(event.created_at)}</p>
          </div>
          <div className="event-detail__pills">
            <Pill tone={statusTone(event.status)}>{statusLabel(event.status)}</Pill>
          </div>
        </header>

        <section className="event-detail__approval" aria-labelledby={`approval-${event.id}`}>
          <h2 id={`approval-${event.id}`} className="event-detail__section-title">
            Approval status
          </h2>
          <div className="event-detail__approval-row">
            <Pill tone={approvalStatusTone(event.approval_status)} title={REQUIRED_REVIEWER_TOOLTIP}>
              {approvalStatusLabel(event.approval_status)}
            </Pill>
            <InfoTip label="About approval status" text={REQUIRED_REVIEWER_TOOLTIP} />
          </div>
          {event.requested_approvals > 0 && (
            <>
              <p className="event-detail__progress-label" id={`progress-${event.id}`}>
                {progress.label}
              </p>
              <div
                className="event-detail__progress"
                role="progressbar"
                aria-labelledby={`progress-${event.id}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress.percent}
                aria-valuetext={progress.label}
              >
                <div className="event-detail__progress-bar" style={{ width: `${progress.percent}%` }} />
              </div>
            </>
          )}
          {event.google_event_id && <Note kind="success">Added to Google Calendar</Note>}
        </section>

        <dl className="event-detail__facts">
          <div>
            <dt>Description</dt>
            <dd>{event.description || "—"}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{event.location || "—"}</dd>
          </div>
          <div>
            <dt>Date &amp; Time</dt>
            <dd>
              <span className="event-detail__when">
                <span className="event-detail__when-label">Start:</span> {eventDateTime(event.start_date) || "—"}
              </span>
              <span className="event-detail__when">
                <span className="event-detail__when-label">End:</span> {eventDateTime(event.end_date) || "—"}
              </span>
            </dd>
          </div>
          <div>
            <dt>Notes</dt>
            <dd>{event.notes || "—"}</dd>
          </div>
        </dl>

        <div className="event-detail__buttons">
          <ButtonLink to="/events" variant="secondary">
            Back to Events
          </ButtonLink>
          {canManage && (
            <>
              <ButtonLink to={`/events/${encodeURIComponent(event.id)}/edit`}>Edit Event</ButtonLink>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Delete Event
              </Button>
            </>
          )}
        </div>
      </Card>

      <ConfirmDialog
        open={confirming}
        title={`Are you sure you want to delete "${title}"?`}
        message="This action cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** "Your review": the signed-in reviewer approves or rejects, with optional notes. */
function ReviewCard({ eventId }: { eventId: string }) {
  const review = useReviewEventRequest(eventId);
  const [notes, setNotes] = useState("");
  const [decision, setDecision] = useState<"approve" | "reject" | null>(null);

  function answer(choice: "approve" | "reject") {
    setDecision(choice);
    const response_notes = notes.trim();
    review.mutate(
      { decision: choice, ...(response_notes ? { response_notes } : {}) },
      {
        onSuccess: () => {
          toast.success(choice === "approve" ? "You approved this event request" : "You rejected this event request");
          setNotes("");
        },
      },
    );
  }

  return (
    <Card className="event-review" title="Your review">
      <div className="event-review__body">
        <TextArea
          label="Response notes"
          hint="Optional"
          rows={3}
          value={notes}
          disabled={review.isPending}
          onChange={(event) => setNotes(event.target.value)}
        />
        {review.isError && (
          <Note kind="error" onClose={() => review.reset()}>
            {errorMessage(review.error, DEFAULT_MESSAGES.updateEventRequest)}
          </Note>
        )}
        <div className="event-detail__buttons">
          <Button
            onClick={() => answer("approve")}
            loading={review.isPending && decision === "approve"}
            disabled={review.isPending}
          >
            Approve
          </Button>
          <Button
            variant="danger"
            onClick={() => answer("reject")}
            loading={review.isPending && decision === "reject"}
            disabled={review.isPending}
          >
            Reject
          </Button>
        </div>
      </div>
    </Card>
  );
}

function ApproversCard({ approvers }: { approvers: TApprover[] }) {
  return (
    <Card className="event-approvers" title="Approvers">
      <ul className="event-approvers__list">
        {approvers.map((approver) => (
          <li key={approver.id} className="event-approvers__item">
            <div className="event-approvers__head">
              <span className="event-approvers__name">{approverName(approver)}</span>
              <Pill tone={approver.required ? "warning" : "neutral"} title={approver.required ? REQUIRED_REVIEWER_TOOLTIP : undefined}>
                {approverRequiredLabel(approver.required)}
              </Pill>
              <Pill tone={approverStatusTone(approver.status)}>{approverStatusLabel(approver.status)}</Pill>
            </div>
            {approver.response_notes && <p className="event-approvers__notes">{approver.response_notes}</p>}
            {approver.responded_at && (
              <p className="event-approvers__time">
                Responded <time dateTime={approver.responded_at}>{formatDateTime(approver.responded_at)}</time>
              </p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default EventDetailPage;
