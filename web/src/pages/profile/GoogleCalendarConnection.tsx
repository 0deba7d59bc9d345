import { useState } from "react";
import toast from "react-hot-toast";
import type { TGoogleConnection } from "@amia/contracts";
import { useDisconnectGoogle, useGoogleConnection } from "../../api/calendar.ts";
import { signInUrl } from "../../api/session.ts";
import { Button, buttonClassName } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Note } from "../../components/Note.tsx";
import { Pill, type PillTone } from "../../components/Pill.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import "./GoogleCalendarConnection.css";

/** Where Reconnect comes back to: this tab. */
const SETTINGS_TAB = "/profile?tab=settings";

export const GOOGLE_DISCONNECTED = "Google Calendar disconnected.";
export const DISCONNECT_QUESTION = "Disconnect Google Calendar?";
export const DISCONNECT_EXPLANATION =
  "Amia will stop putting approved events on your Google Calendar and will no longer show your Google events. Events already in Google stay there. You can connect again at any time.";

/** Each status in words: the pill, what it means, and what can be done. */
const STATUS_WORDS: Record<TGoogleConnection["status"], { pill: string; tone: PillTone; text: string }> = {
  connected: { pill: "Connected", tone: "success", text: "Amia shows your Google events in the calendar and puts approved events on your Google Calendar." },
  reconnect_required: {
    pill: "Needs reconnecting",
    tone: "warning",
    text: "Google stopped accepting Amia's access (the permission was withdrawn or has expired), so nothing reaches your Google Calendar. Reconnect to give it again.",
  },
  not_connected: { pill: "Not connected", tone: "neutral", text: "Connect Google Calendar to see your Google events in Amia and have approved events put on your calendar." },
};

/**
 * The Settings tab's Google Calendar (issue 16 point 5): connected / needs reconnecting / not
 * connected. Reconnect (and Connect) go through Google's consent again: the sign-in asks for
 * offline access with prompt=consent, stores the new tokens and returns here. Disconnect asks
 * first, then revokes the grant at Google and forgets the tokens.
 */
export function GoogleCalendarConnection() {
  const connection = useGoogleConnection();
  const disconnect = useDisconnectGoogle();
  const [isConfirming, setIsConfirming] = useState(false);
  const status = connection.data?.status;

  let body;
  if (connection.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading your Google Calendar connection">
        <Skeleton lines={2} />
      </div>
    );
  } else if (connection.isError || !status) {
    body = (
      <div className="google-connection__stack">
        <Note kind="error">{errorMessage(connection.error, DEFAULT_MESSAGES.fetchCalendarConnection)}</Note>
        <div>
          <Button variant="secondary" loading={connection.isFetching} onClick={() => void connection.refetch()}>
            Try Again
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="google-connection__stack">
        <p className="google-connection__text">{STATUS_WORDS[status].text}</p>
        {disconnect.isError && (
          <Note kind="error">{errorMessage(disconnect.error, DEFAULT_MESSAGES.disconnectCalendar, { codes: ACTION_CODE_MESSAGES.disconnectCalendar })}</Note>
        )}
        <div className="google-connection__actions">
          {status !== "connected" && (
            // A full-page visit: the BFF starts Google's consent and comes back to this tab.
            <a className={buttonClassName("primary", "small")} href={signInUrl(SETTINGS_TAB)}>
              <span className="btn__label">{status === "reconnect_required" ? "Reconnect" : "Connect Google Calendar"}</span>
            </a>
          )}
          {status !== "not_connected" && (
            <Button variant="danger" size="small" onClick={() => setIsConfirming(true)}>
              Disconnect
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <Card title="Google Calendar" actions={status ? <Pill tone={STATUS_WORDS[status].tone}>{STATUS_WORDS[status].pill}</Pill> : undefined} className="google-connection">
      {body}
      <ConfirmDialog
        open={isConfirming}
        title={DISCONNECT_QUESTION}
        message={DISCONNECT_EXPLANATION}
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => void toast.success(GOOGLE_DISCONNECTED),
            onSettled: () => setIsConfirming(false),
          })
        }
      />
    </Card>
  );
}
