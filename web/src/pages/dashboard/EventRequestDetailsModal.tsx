import type { ReactNode } from "react";
import type { TEventRequest } from "@amia/contracts";
import { useEventRequest } from "../../api/event-requests.ts";
import { useViewerTimeZone } from "../../api/settings.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { Note } from "../../components/Note.tsx";
import { Pill } from "../../components/Pill.tsx";
import { ApprovalProgressBar, ReviewerList } from "../../components/ReviewStatus.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ZonedTime } from "../../components/ZonedTime.tsx";
import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { calendarNote, statusLabel, statusTone } from "../../lib/event-status.ts";
import { formatEventSide } from "../../lib/format.ts";
import { recurrenceWords } from "../../lib/repeat.ts";
import { UNTITLED_EVENT } from "../../lib/truncate.ts";
import { eventRequestPath } from "./dashboard-logic.ts";

/** SPEC.md section 2, Dashboard modals: "Event Request Details". Open while `id` is set. */
export function EventRequestDetailsModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isPending, isError, error } = useEventRequest(id ?? undefined);

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
      {id && <ButtonLink to={eventRequestPath(id)}>More details</ButtonLink>}
    </>
  );

  return (
    <Modal open={id !== null} onClose={onClose} title="Event Request Details" footer={footer}>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Note kind="error">{errorMessage(error, DEFAULT_MESSAGES.fetchEventRequest, { codes: ACTION_CODE_MESSAGES.fetchEventRequest })}</Note>
      ) : (
        <EventRequestDetails request={data} />
      )}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dashboard-details-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function orNone(value: string | null | undefined): ReactNode {
  const text = value?.trim() ?? "";
  return text === "" ? <span className="dashboard-muted">Not provided</span> : <span className="dashboard-details-text">{text}</span>;
}

/** The modal's body: the request's fields, its reviewers and how far their review has come. */
export function EventRequestDetails({ request }: { request: TEventRequest }) {
  const { user } = useAuth();
  const viewerZone = useViewerTimeZone();
  const onCalendar = calendarNote(request, user?.id);
  return (
    <div className="dashboard-details">
      <dl className="dashboard-details-fields">
        <Field label="Title">{request.title?.trim() || UNTITLED_EVENT}</Field>
        <Field label="Status">
          <Pill tone={statusTone(request.status)}>{statusLabel(request.status)}</Pill>
        </Field>
        <Field label="Start">
          <ZonedTime value={formatEventSide(request.start_date, viewerZone)} empty="Not provided" />
        </Field>
        <Field label="End">
          <ZonedTime value={formatEventSide(request.end_date, viewerZone)} empty="Not provided" />
        </Field>
        {request.recurrence && <Field label="Repeats">{recurrenceWords(request, viewerZone)}</Field>}
        <Field label="Location">{orNone(request.location)}</Field>
        <Field label="Description">{orNone(request.description)}</Field>
        <Field label="Notes">{orNone(request.notes)}</Field>
      </dl>

      <h3 className="dashboard-subheading">Reviewers</h3>
      {request.approvers.length > 0 && <ReviewerList request={request} viewerId={user?.id} viewerZone={viewerZone} />}
      <ApprovalProgressBar request={request} />
      {onCalendar && <Note kind="success">{onCalendar}</Note>}
    </div>
  );
}
