import { useId, useState, type FormEvent, type ReactNode } from "react";
import toast from "react-hot-toast";
import type { TUserSettings, TWeekday } from "@amia/contracts";
import { WEEKDAYS } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { useSaveSettings, useSettings } from "../../api/settings.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Note } from "../../components/Note.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { TimePicker } from "../../components/TimePicker.tsx";
import { TimeZoneField } from "../../components/TimeZoneField.tsx";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { browserTimeZone } from "../../lib/wall-clock.ts";
import {
  formFromSettings,
  settingsBodyFromForm,
  settingsFieldErrors,
  toggledDay,
  WEEKDAY_LABELS,
  type SettingsForm,
  type SettingsFormErrors,
  type SettingsFormField,
} from "./settings-form.ts";
import { GoogleCalendarConnection } from "./GoogleCalendarConnection.tsx";
import { TwoStepVerification } from "./TwoStepVerification.tsx";
import "./SettingsTab.css";

export const SETTINGS_SAVED = "Settings saved.";
export const SHARE_FREE_BUSY_LABEL = "Share my free/busy with my connections";
export const SHARE_FREE_BUSY_HINT =
  "When a connection asks the assistant for a time with you, it sees only when you are busy or free — never your events' titles, places or details.";

/**
 * Issue 10 point 5: the user's time zone, working hours and consent to share free/busy; the
 * Google Calendar connection (issue 16 point 5) and two-step verification (issue 13), cards of
 * their own (they save nothing with the form).
 */
export function SettingsTab() {
  return (
    <>
      <SettingsCard />
      <GoogleCalendarConnection />
      <TwoStepVerification />
    </>
  );
}

function SettingsCard() {
  const settings = useSettings();

  if (settings.isPending) {
    return (
      <Card title="Settings">
        <div aria-busy="true" aria-label="Loading settings">
          <Skeleton lines={6} />
        </div>
      </Card>
    );
  }
  if (settings.isError) {
    return (
      <Card title="Settings">
        <div className="settings-error">
          <Note kind="error">{errorMessage(settings.error, DEFAULT_MESSAGES.fetchSettings)}</Note>
          <Button variant="secondary" loading={settings.isFetching} onClick={() => void settings.refetch()}>
            Try Again
          </Button>
        </div>
      </Card>
    );
  }
  // Keyed by the save time: after a save the form starts again from what the server stored.
  return <SettingsEditor key={settings.data.updated_at ?? "defaults"} settings={settings.data} />;
}

function SettingsEditor({ settings }: { settings: TUserSettings }) {
  const save = useSaveSettings();
  const [form, setForm] = useState<SettingsForm>(() => formFromSettings(settings, browserTimeZone()));
  const [errors, setErrors] = useState<SettingsFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const ids = { days: useId(), share: useId(), shareHint: useId() };

  const change = <K extends keyof SettingsForm>(field: K & SettingsFormField, value: SettingsForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaveError(null);
    const checked = settingsBodyFromForm(form);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: () => void toast.success(SETTINGS_SAVED),
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? settingsFieldErrors(error.fields) : {};
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) setSaveError(errorMessage(error, DEFAULT_MESSAGES.saveSettings));
      },
    });
  };

  return (
    <Card title="Settings">
      <form className="settings-form" noValidate onSubmit={submit} aria-label="Settings">
        <SettingsSection title="Time zone">
          <div className="settings-zone">
            <TimeZoneField
              label="Your time zone"
              hint="Type to search, e.g. Lisbon or New_York. Filled in with this device's time zone until you choose one. Times of events in other zones are shown in this one too."
              value={form.time_zone}
              error={errors.time_zone}
              onChange={(value) => change("time_zone", value)}
            />
          </div>
        </SettingsSection>

        <SettingsSection title="Working hours">
          <p className="profile-muted settings-intro">The assistant suggests meeting times only inside everyone's working hours. Your connections see your time zone and working hours, so it can suggest times that suit you both.</p>
          <div className="settings-hours">
            <TimePicker label="Starts at" value={form.start} error={errors.start} onChange={(value) => change("start", value)} />
            <TimePicker label="Ends at" value={form.end} error={errors.end} onChange={(value) => change("end", value)} />
          </div>
          <fieldset className="settings-days" aria-describedby={errors.days ? `${ids.days}-error` : undefined}>
            <legend className="field__label">Working days</legend>
            <div className="settings-days__options">
              {WEEKDAYS.map((day: TWeekday) => {
                const inputId = `${ids.days}-${day}`;
                return (
                  <label key={day} htmlFor={inputId} className="settings-day">
                    <input id={inputId} type="checkbox" className="settings-day__input" checked={form.days.includes(day)} onChange={() => change("days", toggledDay(form.days, day))} />
                    <span className="settings-day__pill" aria-hidden="true">
                      {WEEKDAY_LABELS[day].short}
                    </span>
                    <span className="visually-hidden">{WEEKDAY_LABELS[day].long}</span>
                  </label>
                );
              })}
            </div>
            {errors.days && (
              <p id={`${ids.days}-error`} className="field__error">
                {errors.days}
              </p>
            )}
          </fieldset>
        </SettingsSection>

        <SettingsSection title="Sharing">
          <div className="settings-switch">
            <input
              id={ids.share}
              type="checkbox"
              role="switch"
              className="settings-switch__input"
              checked={form.share_free_busy}
              aria-checked={form.share_free_busy}
              aria-describedby={ids.shareHint}
              onChange={(event) => change("share_free_busy", event.target.checked)}
            />
            <label htmlFor={ids.share} className="settings-switch__label">
              {SHARE_FREE_BUSY_LABEL}
            </label>
          </div>
          <p id={ids.shareHint} className="field__hint">
            {SHARE_FREE_BUSY_HINT}
          </p>
          {errors.share_free_busy && <p className="field__error">{errors.share_free_busy}</p>}
        </SettingsSection>

        {saveError && <Note kind="error">{saveError}</Note>}
        <div className="settings-actions">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** One titled part of the form, named by its heading for assistive technology. */
function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="settings-heading">
        {title}
      </h3>
      {children}
    </section>
  );
}
