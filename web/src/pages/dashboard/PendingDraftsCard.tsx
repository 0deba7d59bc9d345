import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { TEventRequest } from "@amia/contracts";
import { useDeleteEventRequest, useEventRequests } from "../../api/event-requests.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Pill } from "../../components/Pill.tsx";
import { SkeletonCards } from "../../components/Skeleton.tsx";
import { useViewerTimeZone } from "../../api/settings.ts";
import { statusLabel, statusTone } from "../../lib/event-status.ts";
import { recurrenceWords } from "../../lib/repeat.ts";
import { UNTITLED_EVENT, draftTitle } from "../../lib/truncate.ts";
import { DASHBOARD_LIST_SIZE, deleteDraftMessage, eventRequestPath, hasMoreThanShown } from "./dashboard-logic.ts";
import { EventRequestDetailsModal } from "./EventRequestDetailsModal.tsx";

/**
 * SPEC.md section 2, Dashboard: "Pending Drafts" (the first 3 of the user's event requests),
 * plus the requests waiting for the user's review (issue 7).
 */
export function PendingDraftsCard() {
  const navigate = useNavigate();
  const viewerZone = useViewerTimeZone();
  const drafts = useEventRequests({ take: DASHBOARD_LIST_SIZE });
  const toReview = useEventRequests({ role: "reviewer", status: "pending", take: DASHBOARD_LIST_SIZE });
  const deleteRequest = useDeleteEventRequest();
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TEventRequest | null>(null);

  const items = drafts.data?.event_requests.slice(0, DASHBOARD_LIST_SIZE) ?? [];
  const reviewItems = toReview.data?.event_requests.slice(0, DASHBOARD_LIST_SIZE) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    deleteRequest.mutate(deleting.id, {
      // Silent failure (SPEC.md section 8): logged only.
      onError: (error) => console.warn("Failed to delete event request", error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card className="dashboard-card" title="Pending Drafts">
      {drafts.isPending ? (
        <div aria-busy="true">
          <SkeletonCards count={3} />
        </div>
      ) : items.length === 0 ? (
        <p className="dashboard-empty">No pending drafts</p>
      ) : (
        <ul className="dashboard-list">
          {items.map((request) => {
            const title = draftTitle(request.title);
            return (
              <li
                key={request.id}
                className="dashboard-row dashboard-draft"
                onDoubleClick={(event) => {
                  // A double-click on the row's own buttons is not a request to open the page.
                  if (event.target instanceof Element && event.target.closest("button, a")) return;
                  navigate(eventRequestPath(request.id));
                }}
              >
                <div className="dashboard-row-main">
                  <span className="dashboard-row-title" title={request.title ?? undefined}>
                    {title}
                  </span>
                  <span className="dashboard-row-meta">
                    <Pill tone={statusTone(request.status)}>{statusLabel(request.status)}</Pill>
                    {request.recurrence && <span>{recurrenceWords(request, viewerZone)}</span>}
                  </span>
                </div>
                <div className="dashboard-row-actions">
                  <Button variant="danger" size="x-small" aria-label={`Delete ${title}`} onClick={() => setDeleting(request)}>
                    Delete
                  </Button>
                  <Button variant="secondary" size="x-small" aria-label={`View ${title}`} onClick={() => setViewing(request.id)}>
                    View
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {hasMoreThanShown(drafts.data?.total_count) && (
        <div className="dashboard-card-footer">
          <Button variant="subtle" size="small" disabled>
            View All
          </Button>
        </div>
      )}

      {reviewItems.length > 0 && (
        <div className="dashboard-review">
          <h3 className="dashboard-subheading">Waiting for your review</h3>
          <ul className="dashboard-list">
            {reviewItems.map((request) => (
              <li key={request.id} className="dashboard-row">
                <div className="dashboard-row-main">
                  <Link to={eventRequestPath(request.id)} className="dashboard-row-title dashboard-link" title={request.title ?? undefined}>
                    {draftTitle(request.title)}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete event request"
        message={deleteDraftMessage(deleting?.title?.trim() || UNTITLED_EVENT)}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={deleteRequest.isPending}
      />
      <EventRequestDetailsModal id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
