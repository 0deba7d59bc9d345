import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import toast from "react-hot-toast";
import { useCreateEventRequest } from "../../api/event-requests.ts";
import { useSettings, useViewerTimeZone } from "../../api/settings.ts";
import { DEFAULT_MESSAGES } from "../../lib/errors.ts";
import { emptyEventForm, toCreatePayload, type EventFormValues } from "../../lib/event-form.ts";
import { usePageTitle } from "../usePageTitle.ts";
import { EventForm, EventFormLoading } from "./form/EventForm.tsx";
import { readEventPrefill, withPrefill } from "./prefill.ts";
import "./Events.css";

/**
 * Create page (SPEC.md section 2): the form; a save creates the request and goes to "/". A new
 * event starts in the viewer's zone (Settings, else the browser's): the form waits for the
 * settings, so it does not open in one zone and switch under the person's fingers.
 */
export function EventCreatePage() {
  usePageTitle("New Event");
  const settings = useSettings();
  const viewerZone = useViewerTimeZone();

  return (
    <div className="page events-page">
      <header className="events-header">
        <h1 className="page__title">New Event</h1>
      </header>
      {settings.isPending ? (
        <EventFormLoading />
      ) : (
        <CreateEvent viewerZone={viewerZone} />
      )}
    </div>
  );
}

function CreateEvent({ viewerZone }: { viewerZone: string }) {
  const navigate = useNavigate();
  const create = useCreateEventRequest();
  // Opened from the assistant's "Change": the proposal's fields (and its zone), filled in.
  const { state } = useLocation();
  const [initialValues] = useState(() => withPrefill(emptyEventForm(viewerZone), readEventPrefill(state), "create"));

  function save(values: EventFormValues) {
    create.mutate(toCreatePayload(values), {
      onSuccess: () => {
        toast.success("Event request created");
        // "/" sends a signed-in user on to the dashboard (SPEC.md section 2).
        void navigate("/");
      },
    });
  }

  return (
    <EventForm
      mode="create"
      initialValues={initialValues}
      viewerZone={viewerZone}
      submitLabel="Create Event"
      submitting={create.isPending}
      submitError={create.error}
      submitErrorFallback={DEFAULT_MESSAGES.createEventRequest}
      onDismissError={() => create.reset()}
      onSubmit={save}
      onBack={() => void navigate("/")}
    />
  );
}

export default EventCreatePage;
