import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import toast from "react-hot-toast";
import { useCreateEventRequest } from "../../api/event-requests.ts";
import { DEFAULT_MESSAGES } from "../../lib/errors.ts";
import { emptyEventForm, toCreatePayload, type EventFormValues } from "../../lib/event-form.ts";
import { browserTimeZone } from "../../lib/wall-clock.ts";
import { usePageTitle } from "../usePageTitle.ts";
import { EventForm } from "./form/EventForm.tsx";
import { readEventPrefill, withPrefill } from "./prefill.ts";
import "./Events.css";

/** Create page (SPEC.md section 2): the form; a save creates the request and goes to "/". */
export function EventCreatePage() {
  usePageTitle("New Event");
  const navigate = useNavigate();
  const create = useCreateEventRequest();
  // Opened from the assistant's "Change": the proposal's fields, filled in.
  const { state } = useLocation();
  const [initialValues] = useState(() => withPrefill(emptyEventForm(), readEventPrefill(state), "create"));

  function save(values: EventFormValues) {
    create.mutate(toCreatePayload(values, browserTimeZone()), {
      onSuccess: () => {
        toast.success("Event request created");
        // "/" sends a signed-in user on to the dashboard (SPEC.md section 2).
        void navigate("/");
      },
    });
  }

  return (
    <div className="page events-page">
      <header className="events-header">
        <h1 className="page__title">New Event</h1>
      </header>
      <EventForm
        mode="create"
        initialValues={initialValues}
        submitLabel="Create Event"
        submitting={create.isPending}
        submitError={create.error}
        submitErrorFallback={DEFAULT_MESSAGES.createEventRequest}
        onDismissError={() => create.reset()}
        onSubmit={save}
        onBack={() => void navigate("/")}
      />
    </div>
  );
}

export default EventCreatePage;
