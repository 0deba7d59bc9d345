import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import toast from "react-hot-toast";
import type { TApprover, TEventRequest } from "@amia/contracts";
import { useDeleteEventRequest, useEventRequest, useReviewEventRequest } from "../../api/event-requests.ts";
import { useViewerTimeZone } from "../../api/settings.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Note } from "../../components/Note.tsx";
import { Pill } from "../../components/Pill.tsx";
import { ApprovalProgressBar, ReviewerList } from "../../components/ReviewStatus.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { TextArea } from "../../components/TextArea.tsx";
import { ZonedTime } from "../../components/ZonedTime.tsx";
import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import {
  REQUIRED_REVIEWER_TOOLTIP,
  approvalStatusLabel,
  approvalStatusTone,
  calendarNote,
  statusLabel,
  statusTone,
} from "../../lib/event-status.ts";
import { formatEventSide, formatShortDate } from "../../lib/format.ts";
import { recurrenceWords } from "../../lib/repeat.ts";
import { usePageTitle } from "../usePageTitle.ts";
import { InfoTip } from "./InfoTip.tsx";
import { createdLine, isNotFound, pendingApproverFor, reviewPrompt } from "./event-detail.ts";
import { eventCardTitle, isCreator } from "./events-list.ts";
import "./Events.css";

/** Event detail (SPEC.md section 2), with the reviewer's Approve / Reject while their answer is due. */
export function EventDetailPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const request = useEventRequest(id);
  const viewerZone = useViewerTimeZone();
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
      <EventDetails event={event} viewerId={user?.id} viewerZone={viewerZone} />
      {myReview && <ReviewCard event={event} approver={myReview} />}
      {event.approvers.length > 0 && (
        <Card className="event-approvers" title="Approvers">
          <ReviewerList request={event} viewerId={user?.id} viewerZone={viewerZone} />
        </Card>
      )}
    </div>
  );
}

function EventDetails({ event, viewerId, viewerZone }: { event: TEventRequest; viewerId: string | undefined; viewerZone: string }) {
  const navigate = useNavigate();
  const remove = useDeleteEventRequest();
  const [confirming, setConfirming] = useState(false);
  const title = eventCardTitle(event.title);
  const canManage = isCreator(event, viewerId);
  const onCalendar = calendarNote(event, viewerId);

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
            <p className="event-detail__created">{createdLine(formatShortDate(event.created_at, viewerZone), event, canManage)}</p>
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
          {(event.approvers.length > 0 || event.status !== "approved") && <ApprovalProgressBar request={event} />}
          {onCalendar && <Note kind="success">{onCalendar}</Note>}
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
                <span className="event-detail__when-label">Start:</span> <ZonedTime value={formatEventSide(event.start_date, viewerZone)} />
              </span>
              <span className="event-detail__when">
                <span className="event-detail__when-label">End:</span> <ZonedTime value={formatEventSide(event.end_date, viewerZone)} />
              </span>
            </dd>
          </div>
          {event.recurrence && (
            <div>
              <dt>Repeats</dt>
              {/* A request is the whole series: approving it approves every occurrence. */}
              <dd>{recurrenceWords(event, viewerZone)}. Approval covers every occurrence; change one occurrence in Google Calendar.</dd>
            </div>
          )}
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
function ReviewCard({ event, approver }: { event: TEventRequest; approver: TApprover }) {
  const review = useReviewEventRequest(event.id);
  const prompt = reviewPrompt(event, approver);
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
        <p className="event-review__lead">{prompt.lead}</p>
        {prompt.again && <p className="event-review__again">{prompt.again}</p>}
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
            {errorMessage(review.error, DEFAULT_MESSAGES.updateEventRequest, { body: "review", codes: ACTION_CODE_MESSAGES.reviewEventRequest })}
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

export default EventDetailPage;
