import { useState } from "react";
import type { TSmartParseProblem, TSmartParseResult } from "@amia/contracts";
import { useAutoFill } from "../../../api/event-requests.ts";
import { Button } from "../../../components/Button.tsx";
import { Note } from "../../../components/Note.tsx";
import { TextArea } from "../../../components/TextArea.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { buildAutoFillRequest, formTimeZone, type EventFormValues } from "../../../lib/event-form.ts";
import "./EventForm.css";

/** SPEC.md section 8: the smart-parse wrapper's message when the server gives none. */
export const SMART_FILL_FAILED = "Failed to smart parse event request";

export interface SmartFillProps {
  /** The form as it stands: sent as context for the assistant. */
  values: EventFormValues;
  /** The zone to read "tomorrow at noon" in while the form's zone field names none. */
  viewerZone: string;
  /** The fields the assistant found; the form overwrites only those. */
  onResult: (result: TSmartParseResult) => void;
  disabled?: boolean;
}

/**
 * What smart-fill could not read ("31 February is not a date"), beneath the box: the fields it
 * did fill are in the form, and a partial fill is never silent.
 */
export function SmartFillProblems({ problems, onClose }: { problems: readonly TSmartParseProblem[]; onClose?: () => void }) {
  if (problems.length === 0) return null;
  return (
    <Note kind="warning" title="Smart fill left some things out" {...(onClose ? { onClose } : {})}>
      <ul className="event-smart-fill__problems">
        {problems.map((problem, index) => (
          <li key={index}>{problem.message}</li>
        ))}
      </ul>
    </Note>
  );
}

/** Smart-fill (SPEC.md section 2 "Event form"): a plain-language description fills the form. */
export function SmartFill({ values, viewerZone, onResult, disabled = false }: SmartFillProps) {
  const [description, setDescription] = useState("");
  const [problems, setProblems] = useState<readonly TSmartParseProblem[]>([]);
  const autoFill = useAutoFill();
  const isBlank = description.trim() === "";

  function run() {
    if (isBlank || autoFill.isPending) return;
    setProblems([]);
    autoFill.mutate(buildAutoFillRequest(description, values, new Date(), formTimeZone(values) ?? viewerZone), {
      onSuccess: (result) => {
        setProblems(result.problems ?? []);
        onResult(result);
      },
    });
  }

  return (
    <section className="event-smart-fill" aria-label="Smart fill">
      <TextArea
        label="Describe your event"
        value={description}
        rows={3}
        placeholder="Lunch with Ana tomorrow at noon at the Cantina"
        disabled={disabled}
        onChange={(event) => {
          setDescription(event.target.value);
          if (autoFill.isError) autoFill.reset();
        }}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter runs it; a plain Enter stays a new line.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            run();
          }
        }}
      />
      <div className="event-smart-fill__actions">
        <Button variant="alternate" size="small" loading={autoFill.isPending} disabled={disabled || isBlank} onClick={run}>
          Smart fill
        </Button>
      </div>
      <SmartFillProblems problems={problems} onClose={() => setProblems([])} />
      {autoFill.isError && (
        <Note kind="error" onClose={() => autoFill.reset()}>
          {errorMessage(autoFill.error, SMART_FILL_FAILED, { body: "smart_fill" })}
        </Note>
      )}
    </section>
  );
}
