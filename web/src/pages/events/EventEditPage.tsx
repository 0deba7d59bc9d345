import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import toast from "react-hot-toast";
import type { TEventRequest } from "@amia/contracts";
import { useDeleteEventRequest, useEventRequest, useUpdateEventRequest } from "../../api/event-requests.ts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Note } from "../../components/Note.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { useViewerTimeZone } from "../../api/settings.ts";
import { fromEventRequest, toUpdatePayload, type EventFormValues } from "../../lib/event-form.ts";
import { usePageTitle } from "../usePageTitle.ts";
import { approverName } from "../../lib/event-status.ts";
import { isNotFound } from "./event-detail.ts";
import { eventCardTitle, isCreator } from "./events-list.ts";
import { EventForm, EventFormLoading } from "./form/EventForm.tsx";
import { readEventPrefill, withPrefill } from "./prefill.ts";
import "./Events.css";

/**
 * Edit page (SPEC.md section 2): loads the request, fills the form; save and delete go to
 * /dashboard. The form shows the event in its own zone and sends only what changed (issue 11).
 */
export function EventEditPage() {
  usePageTitle("Edit Event");
  const { id = "" } = useParams();
  const { user } = useAuth();
  const request = useEventRequest(id);

  if (request.isPending) {
    return (
      <div className="page events-page">
        <header className="events-header">
          <h1 className="page__title">Edit Event</h1>
        </header>
        <EventFormLoading />
      </div>
    );
  }

  // Only the creator edits a request; to anyone else it is as missing as a deleted one.
  const missing = request.isError ? isNotFound(request.error) : !isCreator(request.data, user?.id);
  if (request.isError || missing) {
    return (
      <div className="page events-page">
        <Card className="events-empty">
          <h1 className="events-empty__title">{missing ? "Event request not found" : "Edit Event"}</h1>
          {!missing && <Note kind="error">{errorMessage(request.error, DEFAULT_MESSAGES.fetchEventRequest)}</Note>}
          <div className="event-detail__buttons">
            <ButtonLink to="/dashboard" variant="secondary">
              Back
            </ButtonLink>
            {!missing && (
              <Button variant="secondary" onClick={() => void request.refetch()}>
                Try Again
              </Button>
            )}
          </div>
        </Card>
      </div>
    );
  }

  return <EditEvent key={request.data.id} event={request.data} />;
}

function EditEvent({ event }: { event: TEventRequest }) {
  const navigate = useNavigate();
  const update = useUpdateEventRequest(event.id);
  const remove = useDeleteEventRequest();
  const viewerZone = useViewerTimeZone();
  const [confirming, setConfirming] = useState(false);
  // The stored request as form values: what a save compares against. Opened from the
  // assistant's "Change", the form starts with the proposed changes over it.
  const { state } = useLocation();
  const [baseline] = useState(() => fromEventRequest(event));
  const [initialValues] = useState(() => withPrefill(baseline, readEventPrefill(state), "edit"));
  const title = eventCardTitle(event.title);

  function save(values: EventFormValues) {
    const body = toUpdatePayload(baseline, values);
    if (body === null) {
      // Nothing changed: nothing to send (the contract refuses an empty update), nothing moves.
      toast.success("No changes to save");
      void navigate("/dashboard");
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        toast.success("Event request updated");
        void navigate("/dashboard");
      },
      // SPEC.md section 8 lists a failed event update among the silent failures (logged only,
      // so no Note); the server's field errors still show next to the fields they concern.
      onError: (error) => console.error("Event update failed", error),
    });
  }

  function confirmDelete() {
    remove.mutate(event.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success("Event request deleted");
        void navigate("/dashboard");
      },
      // SPEC.md section 8: a failed event delete is logged only.
      onError: (error) => {
        console.error("Event delete failed", error);
        setConfirming(false);
      },
    });
  }

  return (
    <div className="page events-page">
      <header className="events-header">
        <h1 className="page__title">Edit Event</h1>
      </header>
      <EventForm
        mode="edit"
        initialValues={initialValues}
        baseline={baseline}
        viewerZone={viewerZone}
        initialReviewerLabel={event.approvers[0] ? approverName(event.approvers[0], null) : null}
        submitLabel="Save Changes"
        submitting={update.isPending}
        submitError={update.error}
        submitErrorFallback={DEFAULT_MESSAGES.updateEventRequest}
        showSubmitErrorNote={false}
        onDismissError={() => update.reset()}
        onSubmit={save}
        onBack={() => void navigate("/dashboard")}
        onDelete={() => setConfirming(true)}
        deleting={remove.isPending}
      />
      <ConfirmDialog
        open={confirming}
        title={`Are you sure you want to delete "${title}"?`}
        message="This action cannot be undone."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

export default EventEditPage;
