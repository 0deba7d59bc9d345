import type { ReactNode } from "react";
import type { TEventRequest } from "@amia/contracts";
import { useEventRequest } from "../../api/event-requests.ts";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { Note } from "../../components/Note.tsx";
import { Pill } from "../../components/Pill.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import {
  REQUIRED_REVIEWER_TOOLTIP,
  approvalStatusLabel,
  approverRequiredLabel,
  approverStatusLabel,
  approverStatusTone,
  statusLabel,
  statusTone,
} from "../../lib/event-status.ts";
import { formatEventWhen } from "../../lib/format.ts";
import { UNTITLED_EVENT } from "../../lib/truncate.ts";
import { approvalsLine, approvalsPercent, eventRequestPath } from "./dashboard-logic.ts";

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
        <Note kind="error">{errorMessage(error, DEFAULT_MESSAGES.fetchEventRequest)}</Note>
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

export function EventRequestDetails({ request }: { request: TEventRequest }) {
  const percent = approvalsPercent(request.completed_count, request.requested_approvals);
  const line = approvalsLine(request.completed_count, request.requested_approvals);
  return (
    <div className="dashboard-details">
      <dl className="dashboard-details-fields">
        <Field label="Title">{request.title?.trim() || UNTITLED_EVENT}</Field>
        <Field label="Status">
          <Pill tone={statusTone(request.status)}>{statusLabel(request.status)}</Pill>
        </Field>
        <Field label="Start">{formatEventWhen(request.start_date, null) || "Not provided"}</Field>
        <Field label="End">{formatEventWhen(request.end_date, null) || "Not provided"}</Field>
        <Field label="Location">{orNone(request.location)}</Field>
        <Field label="Description">{orNone(request.description)}</Field>
        <Field label="Notes">{orNone(request.notes)}</Field>
      </dl>

      <h3 className="dashboard-subheading">Reviewers</h3>
      {request.approvers.length === 0 ? (
        <p className="dashboard-muted">{approvalStatusLabel("no_approvals")}</p>
      ) : (
        <ul className="dashboard-list">
          {request.approvers.map((approver) => (
            <li key={approver.id} className="dashboard-row">
              <span className="dashboard-row-title">{approver.full_name ?? "Unknown reviewer"}</span>
              <span className="dashboard-row-meta">
                <Pill tone="neutral" title={approver.required ? REQUIRED_REVIEWER_TOOLTIP : undefined}>
                  {approverRequiredLabel(approver.required)}
                </Pill>
                <Pill tone={approverStatusTone(approver.status)}>{approverStatusLabel(approver.status)}</Pill>
              </span>
            </li>
          ))}
        </ul>
      )}

      <div className="dashboard-progress">
        <p className="dashboard-progress-line">{line}</p>
        <div
          className="dashboard-progress-track"
          role="progressbar"
          aria-label="Approvals completed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={line}
        >
          <div className="dashboard-progress-fill" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </div>
  );
}
