import { useId, useState, type FormEvent } from "react";
import { describeRecurrenceText, type TSmartParseResult } from "@amia/contracts";
import { ApiError } from "../../../api/client.ts";
import { useAllRelationships } from "../../../api/relationships.ts";
import { Button } from "../../../components/Button.tsx";
import { Card } from "../../../components/Card.tsx";
import { DatePicker } from "../../../components/DatePicker.tsx";
import { Note } from "../../../components/Note.tsx";
import { Select } from "../../../components/Select.tsx";
import { Skeleton } from "../../../components/Skeleton.tsx";
import { TextArea } from "../../../components/TextArea.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { TimePicker } from "../../../components/TimePicker.tsx";
import { TimeZoneField } from "../../../components/TimeZoneField.tsx";
import { ACTION_CODE_MESSAGES, errorMessage } from "../../../lib/errors.ts";
import {
  applySmartFill,
  clearError,
  formEventDates,
  hasErrors,
  repeatedTimeNotes,
  setAllDay,
  setEndDate,
  setEndTime,
  setStartDate,
  setStartTime,
  validateEventForm,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
} from "../../../lib/event-form.ts";
import { REQUIRED_REVIEWER_TOOLTIP } from "../../../lib/event-status.ts";
import { recurrenceOf } from "../../../lib/repeat.ts";
import { formatEventWhen } from "../../../lib/format.ts";
import { changedFields } from "./changed-fields.ts";
import { reviewerOptions } from "./reviewer-options.ts";
import { CHECK_FIELDS_MESSAGE, serverFieldErrors, withoutField, type ServerFieldErrors } from "./server-field-errors.ts";
import { InfoTip } from "../InfoTip.tsx";
import { RepeatField } from "./RepeatField.tsx";
import { SmartFill } from "./SmartFill.tsx";
import "./EventForm.css";

export interface EventFormProps {
  /** "edit" fixes the reviewer: approvers are set once, when the request is created. */
  mode: "create" | "edit";
  /** The values the form opens with (a new event's carry the viewer's zone). */
  initialValues: EventFormValues;
  /** On edit, the stored request as form values: a side left as it was is not checked again. */
  baseline?: EventFormValues;
  /** The viewer's zone, for "… your time" beside the zone field. */
  viewerZone: string;
  /** The label of the chosen reviewer when the relationships list does not hold them. */
  initialReviewerLabel?: string | null;
  submitLabel: string;
  submitting: boolean;
  /** The save's failure: its message shows in a Note, its field errors next to the fields. */
  submitError: unknown;
  /** The default text of SPEC.md section 8 when the server gives no message. */
  submitErrorFallback: string;
  /** False: no Note for a failed save (field errors still show by their fields). */
  showSubmitErrorNote?: boolean;
  onDismissError: () => void;
  onSubmit: (values: EventFormValues) => void;
  onBack: () => void;
  onDelete?: () => void;
  deleting?: boolean;
}

/** The form's place while what fills it (the request, the viewer's settings) loads. */
export function EventFormLoading() {
  return (
    <Card>
      <span className="visually-hidden" role="status">
        Loading
      </span>
      <Skeleton lines={8} />
    </Card>
  );
}

/**
 * The Event form (SPEC.md section 2 "Event form", 4 "Form behaviour", 5 "Event form"). Every
 * rule lives in lib/event-form.ts; this component holds the values and calls them on change.
 */
export function EventForm({
  mode,
  initialValues,
  baseline,
  viewerZone,
  initialReviewerLabel,
  submitLabel,
  submitting,
  submitError,
  submitErrorFallback,
  showSubmitErrorNote = true,
  onDismissError,
  onSubmit,
  onBack,
  onDelete,
  deleting = false,
}: EventFormProps) {
  const [values, setValues] = useState<EventFormValues>(initialValues);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>({});
  const [shownError, setShownError] = useState<unknown>(null);
  const relationships = useAllRelationships();
  const ids = useIdsFor("event-form");

  // A new failed save puts its field errors next to the fields; each clears when its field changes.
  if (submitError !== shownError) {
    setShownError(submitError);
    setServerErrors(submitError instanceof ApiError ? serverFieldErrors(submitError.fields) : {});
  }

  function clearFields(fields: readonly EventFormField[]) {
    if (fields.length === 0) return;
    setErrors((current) => fields.reduce(clearError, current));
    setServerErrors((current) => fields.reduce(withoutField, current));
  }

  /** Applies a change rule and clears the errors of every field it touched. */
  function change(update: (current: EventFormValues) => EventFormValues) {
    const next = update(values);
    const touched = changedFields(values, next);
    // Hidden time fields keep no errors (the all-day toggle clears both times).
    if (next.all_day) touched.push("start_time", "end_time");
    clearFields(touched);
    setValues(next);
  }

  function text(field: "title" | "location" | "description" | "notes") {
    return {
      value: values[field],
      error: errors[field] ?? serverErrors[field],
      onChange: (event: { target: { value: string } }) => change((current) => ({ ...current, [field]: event.target.value })),
    };
  }

  function handleSmartFill(result: TSmartParseResult) {
    change((current) => {
      const filled = applySmartFill(current, result);
      // On edit the reviewer is fixed (approvers are set at creation), whatever the assistant suggests.
      return mode === "edit" ? { ...filled, approver_id: current.approver_id, required_review: current.required_review } : filled;
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateEventForm(values, baseline);
    setErrors(found);
    if (hasErrors(found)) {
      const first = FOCUS_ORDER.find((field) => found[field] !== undefined);
      if (first) document.getElementById(ids[first as keyof typeof ids])?.focus();
      return;
    }
    onSubmit(values);
  }

  /** A field's error: the form's own check first, else the server's (in our words). */
  const errorFor = (field: EventFormField): string | undefined => errors[field] ?? serverErrors[field];
  const repeated = repeatedTimeNotes(values);
  const dates = formEventDates(values);
  const preview = dates ? formatEventWhen(dates.start_date, dates.end_date, viewerZone) : null;
  // The rule in words, as lists will show it, once the dates and the choice are complete.
  const recurrence = recurrenceOf(values);
  const repeatSummary = dates && recurrence ? describeRecurrenceText(recurrence, dates.start_date, { clock: "12h" }) : null;
  const zoneHint = preview?.local ? `That is ${preview.local}.` : "The start and end are times in this zone.";

  const options = reviewerOptions(relationships.data?.relationships ?? [], values.approver_id, initialReviewerLabel);
  const busy = submitting || deleting;
  const reviewerFixed = mode === "edit";

  return (
    <div className="event-form">
      <Card className="event-form__card">
        <SmartFill values={values} viewerZone={viewerZone} onResult={handleSmartFill} disabled={busy} />
      </Card>

      <Card className="event-form__card">
        <form className="event-form__form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
          {showSubmitErrorNote && submitError != null && (
            <Note kind="error" onClose={onDismissError}>
              {submitErrorText(submitError, submitErrorFallback, mode)}
            </Note>
          )}

          <TextInput id={ids.title} label="Title" autoComplete="off" {...text("title")} />
          <TextInput id={ids.location} label="Location" autoComplete="off" {...text("location")} />
          <TextArea id={ids.description} label="Description" rows={3} {...text("description")} />

          <div className="event-form__toggle">
            <input
              id={ids.all_day}
              type="checkbox"
              checked={values.all_day}
              onChange={(event) => change((current) => setAllDay(current, event.target.checked))}
            />
            <label htmlFor={ids.all_day}>All day</label>
          </div>

          <div className="event-form__row">
            <DatePicker
              id={ids.start_date}
              label="Start date"
              value={values.start_date}
              error={errorFor("start_date")}
              onChange={(date) => change((current) => setStartDate(current, date))}
            />
            <DatePicker
              id={ids.end_date}
              label="End date"
              value={values.end_date}
              min={values.start_date || undefined}
              error={errorFor("end_date")}
              onChange={(date) => change((current) => setEndDate(current, date))}
            />
          </div>

          {!values.all_day && (
            <div className="event-form__row">
              <TimePicker
                id={ids.start_time}
                label="Start time"
                value={values.start_time}
                error={errorFor("start_time")}
                hint={repeated.start_time}
                onChange={(time) => change((current) => setStartTime(current, time))}
              />
              <TimePicker
                id={ids.end_time}
                label="End time"
                value={values.end_time}
                error={errorFor("end_time")}
                hint={repeated.end_time}
                onChange={(time) => change((current) => setEndTime(current, time))}
              />
            </div>
          )}

          <TimeZoneField
            id={ids.time_zone}
            label="Time zone"
            value={values.time_zone}
            hint={zoneHint}
            error={errorFor("time_zone")}
            onChange={(time_zone) => change((current) => ({ ...current, time_zone }))}
          />

          <RepeatField
            values={values}
            errors={{ ...serverErrors, ...errors }}
            ids={ids}
            summary={repeatSummary}
            disabled={busy}
            onChange={change}
          />

          <TextArea id={ids.notes} label="Notes" rows={3} {...text("notes")} />

          <div className="event-form__reviewer">
            <Select
              id={ids.approver_id}
              label="Reviewer"
              value={values.approver_id}
              options={options}
              disabled={reviewerFixed}
              error={errorFor("approver_id")}
              onChange={(approver_id) => change((current) => ({ ...current, approver_id }))}
            />
            <div className="event-form__toggle">
              <input
                id={ids.required_review}
                type="checkbox"
                checked={values.required_review}
                disabled={reviewerFixed}
                aria-describedby={ids.tooltip}
                onChange={(event) => change((current) => ({ ...current, required_review: event.target.checked }))}
              />
              <label htmlFor={ids.required_review} title={REQUIRED_REVIEWER_TOOLTIP}>
                Required Review
              </label>
              <InfoTip id={ids.tooltip} label="About Required Review" text={REQUIRED_REVIEWER_TOOLTIP} />
            </div>
            {reviewerFixed && <p className="event-form__hint">Reviewers are chosen when the request is created.</p>}
          </div>

          <div className="event-form__actions">
            <Button variant="secondary" onClick={onBack} disabled={busy}>
              Back
            </Button>
            {onDelete && (
              <Button variant="danger" onClick={onDelete} disabled={submitting} loading={deleting}>
                Delete
              </Button>
            )}
            <Button type="submit" loading={submitting} disabled={deleting}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** Where the focus goes after a refused save: the first field with an error, top to bottom. */
const FOCUS_ORDER: readonly EventFormField[] = [
  "title",
  "location",
  "description",
  "start_date",
  "end_date",
  "start_time",
  "end_time",
  "time_zone",
  "repeat",
  "repeat_interval",
  "repeat_days",
  "repeat_until",
  "repeat_count",
  "notes",
  "approver_id",
];

/**
 * The Note for a failed save, never the server's text: a refusal with field errors points at
 * the fields (each says what is wrong); anything else in lib/errors.ts's words.
 */
function submitErrorText(error: unknown, fallback: string, mode: EventFormProps["mode"]): string {
  if (error instanceof ApiError && Object.keys(serverFieldErrors(error.fields)).length > 0) return CHECK_FIELDS_MESSAGE;
  const codes = mode === "create" ? ACTION_CODE_MESSAGES.createEventRequest : ACTION_CODE_MESSAGES.saveEventRequest;
  return errorMessage(error, fallback, { body: "event_request", codes });
}

const FIELD_IDS = [
  "title",
  "location",
  "description",
  "notes",
  "start_date",
  "end_date",
  "start_time",
  "end_time",
  "all_day",
  "approver_id",
  "required_review",
  "time_zone",
  "tooltip",
  "repeat",
  "repeat_days",
  "repeat_interval",
  "repeat_unit",
  "repeat_ends",
  "repeat_until",
  "repeat_count",
] as const;

/** Stable, unique ids for the form's fields (labels, focus on the first invalid field). */
function useIdsFor(prefix: string): Record<(typeof FIELD_IDS)[number], string> {
  const base = useId();
  return Object.fromEntries(FIELD_IDS.map((name) => [name, `${prefix}-${base}-${name}`])) as Record<
    (typeof FIELD_IDS)[number],
    string
  >;
}
