import type { ZonedWhen } from "../lib/format.ts";
import "./ZonedTime.css";

/**
 * When something happens, as lib/format.ts words it: on the event's clocks (its zone named, the
 * full IANA name on hover), then the viewer's own time when their clocks read differently.
 */
export function ZonedTime({ value, empty = "—" }: { value: ZonedWhen; empty?: string }) {
  if (value.when === "") return <>{empty}</>;
  return (
    <span className="zoned-time">
      <span className="zoned-time__event" title={value.zone ?? undefined}>
        {value.when}
      </span>
      {value.local && (
        <>
          {" · "}
          <span className="zoned-time__local">{value.local}</span>
        </>
      )}
    </span>
  );
}
