import type { TEventRequest } from "@amia/contracts";
import { useId } from "react";
import { formatDateTime } from "../lib/format.ts";
import {
  REQUIRED_REVIEWER_TOOLTIP,
  approvalProgress,
  approverAnswer,
  approverName,
  approverRequiredLabel,
  googleInvitationLabel,
} from "../lib/event-status.ts";
import { Pill } from "./Pill.tsx";
import "./ReviewStatus.css";

/*
 * How a request's review stands, the same on the event's page and in the dashboard's details
 * modal: the progress line and bar, and each reviewer with their answer. The words come from
 * lib/event-status.ts.
 */

type Reviewed = Pick<TEventRequest, "status" | "approvers">;

/** The progress line, and a bar counting required approvals (none when there is nothing to count). */
export function ApprovalProgressBar({ request }: { request: Reviewed }) {
  const labelId = useId();
  const progress = approvalProgress(request);
  return (
    <div className="review-progress">
      <p className="review-progress__line" id={labelId}>
        {/* Each part ("1 of 2 required approvals", "optional: 0 of 1 answered") wraps whole. */}
        {progress.label.split(" · ").map((part, index) => (
          <span key={index}>
            {index > 0 && " · "}
            <span className="review-progress__part">{part}</span>
          </span>
        ))}
      </p>
      {progress.percent !== null && (
        <div
          className="review-progress__track"
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={progress.label}
        >
          <div className="review-progress__fill" style={{ width: `${progress.percent}%` }} />
        </div>
      )}
    </div>
  );
}

/**
 * Each reviewer: name, Required or Optional, their answer, notes and when they answered (in the
 * viewer's zone, `viewerZone`).
 */
export function ReviewerList({ request, viewerId, viewerZone }: { request: Reviewed; viewerId: string | null | undefined; viewerZone: string }) {
  const count = request.approvers.length;
  return (
    <ul className="reviewer-list">
      {request.approvers.map((approver, index) => {
        const answer = approverAnswer(approver, request.status);
        const invitation = googleInvitationLabel(approver.google_response);
        return (
          <li key={approver.id} className="reviewer-list__item">
            <div className="reviewer-list__head">
              <span className="reviewer-list__name">{approverName(approver, viewerId, { index, count })}</span>
              <span className="reviewer-list__pills">
                <Pill tone="neutral" title={approver.required ? REQUIRED_REVIEWER_TOOLTIP : undefined}>
                  {approverRequiredLabel(approver.required)}
                </Pill>
                <Pill tone={answer.tone}>{answer.label}</Pill>
              </span>
            </div>
            {approver.response_notes && <p className="reviewer-list__notes">{approver.response_notes}</p>}
            {invitation && <p className="reviewer-list__time">{invitation}</p>}
            {approver.responded_at && (
              <p className="reviewer-list__time">
                Responded <time dateTime={approver.responded_at}>{formatDateTime(approver.responded_at, viewerZone)}</time>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
