import { RECURRENCE_WEEKDAYS } from "@amia/contracts";
import { DatePicker } from "../../../components/DatePicker.tsx";
import { Select } from "../../../components/Select.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import type { EventFormErrors, EventFormValues } from "../../../lib/event-form.ts";
import {
  REPEAT_DAY_LABELS,
  REPEAT_ENDS,
  REPEAT_ENDS_LABELS,
  REPEAT_KINDS,
  REPEAT_LABELS,
  REPEAT_UNITS,
  REPEAT_UNIT_LABELS,
  defaultRepeatUntil,
  setRepeat,
  setRepeatUnit,
  showsRepeatDays,
  toggleRepeatDay,
  type RepeatEnds,
  type RepeatKind,
  type RepeatUnit,
} from "../../../lib/repeat.ts";

const REPEAT_OPTIONS = REPEAT_KINDS.map((kind) => ({ value: kind, label: REPEAT_LABELS[kind] }));
const UNIT_OPTIONS = REPEAT_UNITS.map((unit) => ({ value: unit, label: REPEAT_UNIT_LABELS[unit] }));

/** The ids the form focuses on a refused save (one per repeat field). */
export interface RepeatFieldIds {
  repeat: string;
  repeat_days: string;
  repeat_interval: string;
  repeat_unit: string;
  repeat_ends: string;
  repeat_until: string;
  repeat_count: string;
}

/**
 * The Repeat choice (issue 16): a native select (keyboard and screen readers as the platform
 * gives them), day pills that are checkboxes, and "Ends" as radio buttons; every control labelled,
 * every error beside its control in plain words. `summary` is the rule in words, as the lists
 * will show it.
 */
export function RepeatField({
  values,
  errors,
  ids,
  summary,
  disabled,
  onChange,
}: {
  values: EventFormValues;
  errors: EventFormErrors;
  ids: RepeatFieldIds;
  summary: string | null;
  disabled?: boolean;
  onChange: (update: (current: EventFormValues) => EventFormValues) => void;
}) {
  const daysError = errors.repeat_days;
  return (
    <div className="event-form__repeat">
      <Select
        id={ids.repeat}
        label="Repeat"
        value={values.repeat}
        options={REPEAT_OPTIONS}
        placeholder={null}
        hint={summary ?? undefined}
        error={errors.repeat}
        disabled={disabled}
        onChange={(repeat) => onChange((current) => setRepeat(current, (repeat ?? "none") as RepeatKind))}
      />

      {values.repeat === "custom" && (
        <div className="event-form__row">
          <TextInput
            id={ids.repeat_interval}
            label="Every"
            inputMode="numeric"
            autoComplete="off"
            value={values.repeat_interval}
            error={errors.repeat_interval}
            disabled={disabled}
            onChange={(event) => onChange((current) => ({ ...current, repeat_interval: event.target.value }))}
          />
          <Select
            id={ids.repeat_unit}
            label="Unit"
            value={values.repeat_unit}
            options={UNIT_OPTIONS}
            placeholder={null}
            disabled={disabled}
            onChange={(unit) => onChange((current) => setRepeatUnit(current, (unit ?? "week") as RepeatUnit))}
          />
        </div>
      )}

      {showsRepeatDays(values) && (
        <fieldset id={ids.repeat_days} tabIndex={-1} className="event-form__days" aria-describedby={daysError ? `${ids.repeat_days}-error` : undefined}>
          <legend className="field__label">On</legend>
          <div className="event-form__day-options">
            {RECURRENCE_WEEKDAYS.map((day) => {
              const inputId = `${ids.repeat_days}-${day}`;
              return (
                <label key={day} htmlFor={inputId} className="event-form__day">
                  <input
                    id={inputId}
                    type="checkbox"
                    className="event-form__day-input"
                    checked={values.repeat_days.split(",").includes(day)}
                    disabled={disabled}
                    onChange={(event) => onChange((current) => toggleRepeatDay(current, day, event.target.checked))}
                  />
                  <span className="event-form__day-pill" aria-hidden="true">
                    {REPEAT_DAY_LABELS[day].short}
                  </span>
                  <span className="visually-hidden">{REPEAT_DAY_LABELS[day].long}</span>
                </label>
              );
            })}
          </div>
          {daysError && (
            <p id={`${ids.repeat_days}-error`} className="field__error">
              {daysError}
            </p>
          )}
        </fieldset>
      )}

      {values.repeat !== "none" && (
        <fieldset id={ids.repeat_ends} tabIndex={-1} className="event-form__ends">
          <legend className="field__label">Ends</legend>
          <div className="event-form__end-options">
            {REPEAT_ENDS.map((ends) => {
              const inputId = `${ids.repeat_ends}-${ends}`;
              return (
                <div key={ends} className="event-form__toggle">
                  <input
                    id={inputId}
                    type="radio"
                    name={ids.repeat_ends}
                    value={ends}
                    checked={values.repeat_ends === ends}
                    disabled={disabled}
                    onChange={() =>
                      onChange((current) => ({
                        ...current,
                        repeat_ends: ends as RepeatEnds,
                        repeat_until: ends === "on" && current.repeat_until === "" ? defaultRepeatUntil(current.start_date) : current.repeat_until,
                      }))
                    }
                  />
                  <label htmlFor={inputId}>{REPEAT_ENDS_LABELS[ends]}</label>
                </div>
              );
            })}
          </div>
          {values.repeat_ends === "on" && (
            <DatePicker
              id={ids.repeat_until}
              label="Last date"
              value={values.repeat_until}
              min={values.start_date || undefined}
              error={errors.repeat_until}
              onChange={(date) => onChange((current) => ({ ...current, repeat_until: date }))}
            />
          )}
          {values.repeat_ends === "after" && (
            <TextInput
              id={ids.repeat_count}
              label="Number of times"
              inputMode="numeric"
              autoComplete="off"
              value={values.repeat_count}
              error={errors.repeat_count}
              disabled={disabled}
              onChange={(event) => onChange((current) => ({ ...current, repeat_count: event.target.value }))}
            />
          )}
        </fieldset>
      )}
    </div>
  );
}
