import { describe, expect, it } from "vitest";
import {
  ERROR_CODES,
  RATE_LIMIT_NAMES,
  ZChatRequestSchema,
  ZConfirmProposalBodySchema,
  ZCreateEventRequestBodySchema,
  ZCreateRelationshipRequestBodySchema,
  ZEnrollFactorBodySchema,
  ZFactorProofBodySchema,
  ZReviewDecisionBodySchema,
  ZSmartParseRequestSchema,
  ZUpdateEventRequestBodySchema,
  ZUpdateNotificationBodySchema,
  ZUpdateUserSettingsBodySchema,
  ZVerifyFactorBodySchema,
  validationErrorBody,
  type TFieldError,
} from "@amia/contracts";
import {
  ACTION_CODE_MESSAGES,
  ASSISTANT_MESSAGES,
  DEFAULT_MESSAGES,
  ERROR_CODE_MESSAGES,
  FIELD_MESSAGES,
  chatErrorMessage,
  errorMessage,
  fieldKey,
  fieldMessage,
  fieldMessages,
  proposalErrorMessage,
  RATE_LIMIT_WORDS,
  type ApiBody,
} from "./errors.ts";

/** What the api client throws (web/src/api/client.ts ApiError), with the server's raw text as its message. */
function apiError(status: number, code: string | null, fields: TFieldError[] = [], message = "raw server text"): Error {
  return Object.assign(new Error(message), { status, code, fields });
}

/** A real 400 from the contracts: the body the server would answer for `input`. */
function refusal(schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown): Error {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the contract to refuse the input");
  const body = validationErrorBody(result.error as Parameters<typeof validationErrorBody>[0]);
  return apiError(400, body.code, body.details.fields, body.message);
}

const fallback = DEFAULT_MESSAGES.createEventRequest;

// ---- Every code and every field has words ---------------------------------------------------

describe("every error code of the contracts", () => {
  // The words come from the code alone (the status only tells a lost connection, 0).
  it.each(ERROR_CODES)("%s reads in plain words, never the server's text", (code) => {
    const words = errorMessage(apiError(400, code), fallback);
    expect(words.trim()).not.toBe("");
    expect(words).not.toContain("raw server text");
    // A failure on our side says which action failed (SPEC.md section 8); every other code has its own words.
    expect(words).toBe(code === "internal" ? fallback : ERROR_CODE_MESSAGES[code]);
  });

  it("never invites a blind retry of a change whose outcome is unknown, and says when nothing was changed", () => {
    expect(errorMessage(apiError(502, "outcome_unknown"), fallback)).toBe("We couldn't confirm whether this was saved. Check before trying again.");
    expect(errorMessage(apiError(504, "outcome_unknown"), DEFAULT_MESSAGES.createEventRequest, { codes: ACTION_CODE_MESSAGES.createEventRequest })).toMatch(/^We couldn't confirm/);
    expect(errorMessage(apiError(504, "deadline_exceeded"), fallback)).toContain("nothing was changed");
  });
});

/*
 * The request bodies the web app sends, walked field by field through the contracts' zod
 * schemas (zod 4 keeps each schema's definition on `_zod.def`): a field added to a body
 * without words in FIELD_MESSAGES fails here.
 */
const BODIES: Record<ApiBody, readonly unknown[]> = {
  event_request: [ZCreateEventRequestBodySchema, ZUpdateEventRequestBodySchema],
  smart_fill: [ZSmartParseRequestSchema],
  review: [ZReviewDecisionBodySchema],
  relationship_request: [ZCreateRelationshipRequestBodySchema],
  settings: [ZUpdateUserSettingsBodySchema],
  chat: [ZChatRequestSchema],
  proposal: [ZConfirmProposalBodySchema],
  notification: [ZUpdateNotificationBodySchema],
  factor: [ZEnrollFactorBodySchema, ZVerifyFactorBodySchema, ZFactorProofBodySchema],
};

interface SchemaDef {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  innerType?: { _zod: { def: SchemaDef } };
  element?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
}

/** Every field path a body can name in a field error ("approvers", "approvers.*", "approvers.*.user_id"). */
function fieldPaths(schema: unknown, prefix = ""): string[] {
  const def = (schema as { _zod: { def: SchemaDef } })._zod.def;
  const at = (key: string) => (prefix ? `${prefix}.${key}` : key);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => [at(key), ...fieldPaths(field, at(key))]);
    case "array":
      return [at("*"), ...fieldPaths(def.element, at("*"))];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return fieldPaths(def.innerType, prefix);
    case "pipe":
      return fieldPaths(def.in, prefix);
    default:
      return [];
  }
}

describe("every field of every request body", () => {
  for (const [body, schemas] of Object.entries(BODIES) as Array<[ApiBody, readonly unknown[]]>) {
    const paths = [...new Set(schemas.flatMap((schema) => fieldPaths(schema)))];

    it(`${body}: each of its ${paths.length} fields has words of its own`, () => {
      const table: Readonly<Record<string, string>> = FIELD_MESSAGES[body];
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.filter((path) => !Object.hasOwn(table, path))).toEqual([]);
    });

    it(`${body}: has no words for a field the body does not have`, () => {
      expect(Object.keys(FIELD_MESSAGES[body]).filter((key) => !paths.includes(key))).toEqual([]);
    });
  }
});

// ---- What people read ------------------------------------------------------------------------

describe("field errors in plain words", () => {
  it("names a missing or malformed start, never the contract's text", () => {
    const error = refusal(ZCreateEventRequestBodySchema, {
      start_date: { date_time: "2026-03-11", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-03-11T10:00", time_zone: "Europe/Lisbon" },
    });
    expect(errorMessage(error, fallback, { body: "event_request" })).toBe("Choose a start date and time.");
  });

  it("says the end can't be before the start, on the end", () => {
    const error = refusal(ZCreateEventRequestBodySchema, {
      start_date: { date: "2026-03-12", time_zone: "Europe/Lisbon" },
      end_date: { date: "2026-03-11", time_zone: "Europe/Lisbon" },
    });
    expect(fieldMessages("event_request", (error as unknown as { fields: TFieldError[] }).fields)).toEqual({
      end_date: "The end can't be before the start.",
    });
  });

  it("asks for a valid email address", () => {
    const error = refusal(ZCreateRelationshipRequestBodySchema, { requested_email: "ana@" });
    expect(errorMessage(error, DEFAULT_MESSAGES.createRelationshipRequest, { body: "relationship_request" })).toBe(
      "Enter a valid email address, like ana@example.com.",
    );
  });

  it("says a malformed or wrong code, and a missing recovery code, on their fields", () => {
    expect(errorMessage(refusal(ZFactorProofBodySchema, { code: "12ab" }), DEFAULT_MESSAGES.mfaSignIn, { body: "factor" })).toBe(FIELD_MESSAGES.factor.code);
    expect(errorMessage(refusal(ZFactorProofBodySchema, {}), DEFAULT_MESSAGES.mfaSignIn, { body: "factor" })).toBe(FIELD_MESSAGES.factor.code);
    expect(errorMessage(refusal(ZFactorProofBodySchema, { recovery_code: "nope" }), DEFAULT_MESSAGES.mfaSignIn, { body: "factor" })).toBe(FIELD_MESSAGES.factor.recovery_code);
    // Identity's own refusal of a wrong code names the field the same way.
    const wrong = apiError(400, "validation_failed", [{ path: "code", message: "code is not the code your authenticator app shows now" }]);
    expect(errorMessage(wrong, DEFAULT_MESSAGES.mfaSignIn, { body: "factor", codes: ACTION_CODE_MESSAGES.mfaSignIn })).toBe(FIELD_MESSAGES.factor.code);
    expect(errorMessage(apiError(429, "rate_limited"), DEFAULT_MESSAGES.mfaSignIn, { body: "factor", codes: ACTION_CODE_MESSAGES.mfaSignIn })).toMatch(/^Too many wrong codes/);
    expect(errorMessage(apiError(401, "unauthorized"), DEFAULT_MESSAGES.mfaSignIn, { body: "factor", codes: ACTION_CODE_MESSAGES.mfaSignIn })).toBe("This sign-in has expired. Please sign in again.");
  });

  it("reads a list index as any item, and a deeper path by the field it belongs to", () => {
    expect(fieldKey("approvers.3.user_id")).toBe("approvers.*.user_id");
    expect(fieldMessage("event_request", "approvers.0.user_id")).toContain("choose someone you're connected with");
    expect(fieldMessage("event_request", "start_date.date_time.extra")).toBe("Choose a start date and time.");
    expect(fieldMessage("settings", "working_hours.days.2")).toBe("Choose working days from Monday to Sunday.");
    expect(fieldMessage("event_request", "no_such_field")).toBeNull();
  });

  it("keeps the first words of a path", () => {
    expect(
      fieldMessages("event_request", [
        { path: "title", message: "a" },
        { path: "title", message: "b" },
        { path: "nope", message: "c" },
      ]),
    ).toEqual({ title: "Keep the title to 200 characters or fewer." });
  });
});

describe("errorMessage", () => {
  it("says a lost connection is one", () => {
    expect(errorMessage(apiError(0, "network_error", [], DEFAULT_MESSAGES.network), fallback)).toBe(DEFAULT_MESSAGES.network);
  });

  it("prefers the action's own words for a code", () => {
    const error = apiError(409, "conflict");
    expect(errorMessage(error, fallback, { codes: { conflict: "You've already answered this request." } })).toBe("You've already answered this request.");
  });

  it("falls back to the action's default for no code, an unknown code, a bug or nothing at all", () => {
    expect(errorMessage(apiError(502, null, [], "HTTP Error: 502"), fallback)).toBe(fallback);
    expect(errorMessage(apiError(418, "teapot"), fallback)).toBe(fallback);
    expect(errorMessage(new TypeError("Cannot read properties of undefined"), fallback)).toBe(fallback);
    expect(errorMessage({ message: "Plain body" }, fallback)).toBe(fallback);
    expect(errorMessage(null, fallback)).toBe(fallback);
    expect(errorMessage("boom", fallback)).toBe(fallback);
  });

  it("says what a validation failure is about only when it knows the body", () => {
    const error = apiError(400, "validation_failed", [{ path: "requested_email", message: "raw" }]);
    expect(errorMessage(error, fallback)).toBe(ERROR_CODE_MESSAGES.validation_failed);
    expect(errorMessage(error, fallback, { body: "relationship_request" })).toContain("valid email address");
  });
});

describe("a limit met (429)", () => {
  const limited = (retryAfterSeconds: number | null, limit: string | null) => Object.assign(apiError(429, "rate_limited"), { retryAfterSeconds, limit });

  it("says how long to wait, in the unit a person would use, never the server's text", () => {
    expect(errorMessage(limited(720, null), fallback)).toBe("You've sent a lot of requests. Try again in 12 minutes.");
    expect(errorMessage(limited(null, null), fallback)).toBe(ERROR_CODE_MESSAGES.rate_limited);
  });

  it("says which limit, for every limit the contracts name", () => {
    for (const name of RATE_LIMIT_NAMES) expect(errorMessage(limited(60, name), fallback)).toBe(RATE_LIMIT_WORDS[name]("60 seconds"));
    expect(errorMessage(limited(3 * 3600, "relationship_requests"), fallback)).toBe("You've sent a lot of relationship requests. Try again in 3 hours.");
    expect(errorMessage(limited(5 * 86_400, "after_decline"), fallback)).toBe("This person declined your last request. You can ask them again in 5 days.");
    expect(errorMessage(limited(null, "requests_to_person"), fallback)).toBe("You've already asked this person a few times today. Wait a moment and try again.");
    // A limit this build does not know still gets its wait.
    expect(errorMessage(limited(30, "a_new_limit"), fallback)).toBe("You've sent a lot of requests. Try again in 30 seconds.");
  });

  it("reaches the send-request form, with the wait", () => {
    const error = limited(23 * 3600, "requests_to_person");
    expect(errorMessage(error, DEFAULT_MESSAGES.createRelationshipRequest, { body: "relationship_request", codes: ACTION_CODE_MESSAGES.sendRelationshipRequest })).toBe(
      "You've already asked this person a few times today. Try again in 23 hours.",
    );
  });

  it("keeps an action's own words for it", () => {
    expect(chatErrorMessage(limited(30, "writes"))).toContain("too quickly");
  });
});

describe("DEFAULT_MESSAGES", () => {
  it("holds SPEC section 8's texts", () => {
    expect(DEFAULT_MESSAGES.login).toBe("Login failed. Please try again.");
    expect(DEFAULT_MESSAGES.sessionExpired).toBe("Session expired. Please login again.");
    expect(DEFAULT_MESSAGES.rejectRelationshipRequest).toBe("Failed to reject relationship request.");
    expect(DEFAULT_MESSAGES.deleteNotification).toBe("Failed to delete notification.");
    expect(DEFAULT_MESSAGES.chat).toBe("Failed to chat with Amia. Please try again.");
    expect(DEFAULT_MESSAGES.unexpected).toBe("An unexpected error occurred.");
    expect(DEFAULT_MESSAGES.googleLogin).toBe("An error occurred during Google login.");
  });
});

describe("proposalErrorMessage", () => {
  it("says which action could not happen on a conflict, never the server's text", () => {
    expect(proposalErrorMessage("confirm", apiError(409, "conflict"))).toBe("This can no longer be confirmed: it has expired or was already used.");
    expect(proposalErrorMessage("undo", apiError(409, "conflict"))).toBe("It's too late to undo this.");
    expect(proposalErrorMessage("cancel", apiError(409, "conflict"))).toContain("can no longer be cancelled");
  });

  it("has words for a missing proposal, bad reviewers, the network and anything else", () => {
    expect(proposalErrorMessage("confirm", apiError(404, "not_found"))).toBe("This proposal is no longer available.");
    expect(proposalErrorMessage("confirm", apiError(400, "validation_failed"))).toContain("Use Change");
    expect(proposalErrorMessage("undo", apiError(0, "network_error"))).toBe(DEFAULT_MESSAGES.network);
    expect(proposalErrorMessage("undo", apiError(500, "internal"))).toBe("Couldn't undo. Please try again.");
    expect(proposalErrorMessage("cancel", new TypeError("x"))).toBe("Couldn't cancel. Please try again.");
  });
});

describe("chatErrorMessage", () => {
  it("names a message over the limit, a conversation that is gone, and rate limits", () => {
    const tooLong = refusal(ZChatRequestSchema, { messages: [{ role: "user", content: "x".repeat(2_001) }] });
    expect(chatErrorMessage(tooLong)).toBe(ASSISTANT_MESSAGES.messageTooLong);
    expect(chatErrorMessage(apiError(404, "not_found"))).toBe("This conversation no longer exists. Start a new chat.");
    expect(chatErrorMessage(apiError(429, "rate_limited"))).toContain("too quickly");
  });

  it("words the stream's own failures by code, and anything else as the chat's default", () => {
    expect(chatErrorMessage(apiError(502, "upstream_unavailable", [], "The model did not answer"))).toBe(ERROR_CODE_MESSAGES.upstream_unavailable);
    expect(chatErrorMessage(apiError(500, null, [], "HTTP Error: 500"))).toBe(DEFAULT_MESSAGES.chat);
    expect(chatErrorMessage(new TypeError("x is undefined"))).toBe(DEFAULT_MESSAGES.chat);
    expect(chatErrorMessage(null)).toBe(DEFAULT_MESSAGES.chat);
  });
});
