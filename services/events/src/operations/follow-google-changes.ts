import type { Logger } from "pino";
import { AppError } from "@amia/kit";
import type { TEventDataOf } from "@amia/contracts";
import { deleteEventRequest } from "./delete-event-request.ts";
import { editEventRequest } from "./edit-event-request.ts";
import type { ReadDeps } from "./read-event-requests.ts";

/*
 * What the creator did to a request's event in Google Calendar, applied to the request as if the
 * creator had done it here (docs/decisions.md "Two-way Google sync"): a new time is the creator's
 * edit, so issue 9's re-review rule (decide.ts `edit`) asks the reviewers again; a deletion
 * cancels the request, and its reviewers are told (event-request.deleted, cause deleted_in_google).
 * A request already gone, or a change the request cannot take, is logged and dropped: Google
 * keeps what the creator did there, and retrying would not change the answer.
 */

type Outcome = "applied" | "gone" | "refused";

const settled = (logger: Logger, eventRequestId: string, what: string) => (error: unknown): Outcome => {
  if (!(error instanceof AppError)) throw error;
  if (error.code === "not_found") {
    logger.info({ event_request_id: eventRequestId }, `google ${what} for a request no longer here: nothing to do`);
    return "gone";
  }
  if (error.code === "validation_failed") {
    logger.warn({ event_request_id: eventRequestId, err: error }, `google ${what} refused by the request's rules: left as it is`);
    return "refused";
  }
  throw error;
};

export async function followGoogleMove(deps: ReadDeps & { logger: Logger }, data: TEventDataOf<"calendar.google-event-changed">): Promise<Outcome> {
  return editEventRequest(deps, data.user_id, data.event_request_id, { start_date: data.start_date, end_date: data.end_date }).then(
    (): Outcome => "applied",
    settled(deps.logger, data.event_request_id, "move"),
  );
}

export async function followGoogleDeletion(deps: ReadDeps & { logger: Logger }, data: TEventDataOf<"calendar.google-event-deleted">): Promise<Outcome> {
  return deleteEventRequest(deps, data.user_id, data.event_request_id, new Date(), "deleted_in_google").then(
    (): Outcome => "applied",
    settled(deps.logger, data.event_request_id, "deletion"),
  );
}
