import { useId } from "react";
import { Link } from "react-router-dom";
import type { TAssistantResult } from "@amia/contracts";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { Pill } from "../../components/Pill.tsx";
import { useViewerTimeZone } from "../../api/settings.ts";
import { formatEventWhen, formatInstantRange, zonedWhenText } from "../../lib/format.ts";
import { eventStatusPill, unsharedNote } from "./assistant-result.ts";
import "./ProposalCard.css";

/**
 * A structured answer beside the assistant's text: the events it found, or the free slots
 * (zone named) with a note for each person whose calendar could not be read. An empty list
 * shows nothing: the text already says so.
 */
export function AssistantResult({ result }: { result: TAssistantResult }) {
  const headingId = useId();
  const { user } = useAuth();
  const viewerZone = useViewerTimeZone();

  if (result.kind === "events") {
    if (result.items.length === 0) return null;
    return (
      <section className="chat-result" aria-labelledby={headingId}>
        <h2 id={headingId} className="chat-result__title">
          Events
        </h2>
        <ul className="chat-result__list">
          {result.items.map((item) => {
            const pill = eventStatusPill(item.status);
            return (
              <li key={item.id} className="chat-result__item">
                <span className="chat-result__item-main">
                  <Link className="chat-result__item-title" to={`/events/${encodeURIComponent(item.id)}`}>
                    {item.title || "Untitled event"}
                  </Link>
                  <span className="chat-result__when">{zonedWhenText(formatEventWhen(item.start_date, item.end_date, viewerZone))}</span>
                </span>
                <span className="chat-result__pills">
                  {item.role === "reviewer" && <Pill tone="warning">To review</Pill>}
                  <Pill tone={pill.tone}>{pill.label}</Pill>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    );
  }

  const notes = result.people.flatMap((person) => {
    const note = unsharedNote(person, user?.id ?? null);
    return note ? [{ id: person.user_id, note }] : [];
  });
  if (result.slots.length === 0 && notes.length === 0) return null;
  return (
    <section className="chat-result" aria-labelledby={headingId}>
      <h2 id={headingId} className="chat-result__title">
        Free time
      </h2>
      {result.slots.length > 0 && (
        <ul className="chat-result__list">
          {result.slots.map((slot) => (
            <li key={slot.start} className="chat-result__item">
              <span className="chat-result__when">
                {zonedWhenText(formatInstantRange(Date.parse(slot.start), Date.parse(slot.end), result.time_zone, viewerZone))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {notes.map(({ id, note }) => (
        <p key={id} className="chat-result__note">
          {note}
        </p>
      ))}
    </section>
  );
}
