import { describe, expect, it } from "vitest";
import { ZFactorProofBodySchema } from "@amia/contracts";
import { ACTION_CODE_MESSAGES, DEFAULT_MESSAGES, FIELD_MESSAGES } from "../lib/errors.ts";
import { proofFailure, proofFromInput } from "./factor-proof.ts";

/** What the api client throws (api/client.ts ApiError). */
const apiError = (status: number, code: string | null, fields: Array<{ path: string; message: string }> = []) => Object.assign(new Error("raw server text"), { status, code, fields });

describe("a code or recovery code as typed", () => {
  it("takes six digits, spaces and all, as the contract reads them", () => {
    expect(proofFromInput("code", " 123 456 ")).toEqual({ proof: { code: "123456" } });
    expect(ZFactorProofBodySchema.parse({ code: "123 456" })).toEqual({ code: "123456" });
  });

  it("says a code that is not six digits on the field, before sending anything", () => {
    for (const typed of ["", "12345", "1234567", "12a456"]) expect(proofFromInput("code", typed)).toEqual({ error: FIELD_MESSAGES.factor.code });
  });

  it("sends a recovery code as typed (the server ignores case and dashes), and asks for one when empty", () => {
    expect(proofFromInput("recovery_code", " ABCD-efgh-2345 ")).toEqual({ proof: { recovery_code: "ABCD-efgh-2345" } });
    expect(proofFromInput("recovery_code", "  ")).toEqual({ error: FIELD_MESSAGES.factor.recovery_code });
  });
});

describe("a refused code in words", () => {
  const words = (error: unknown) => proofFailure(error, DEFAULT_MESSAGES.mfaSignIn, ACTION_CODE_MESSAGES.mfaSignIn);

  it("puts a wrong code or recovery code on its field", () => {
    expect(words(apiError(400, "validation_failed", [{ path: "code", message: "code is not the code your authenticator app shows now" }]))).toEqual({ field: "code", message: FIELD_MESSAGES.factor.code });
    expect(words(apiError(400, "validation_failed", [{ path: "recovery_code", message: "x" }]))).toEqual({ field: "recovery_code", message: FIELD_MESSAGES.factor.recovery_code });
  });

  it("says too many tries, an expired sign-in or a lost connection for the whole form, never the server's text", () => {
    expect(words(apiError(429, "rate_limited"))).toEqual({ field: null, message: ACTION_CODE_MESSAGES.mfaSignIn.rate_limited });
    expect(words(apiError(401, "unauthorized"))).toEqual({ field: null, message: ACTION_CODE_MESSAGES.mfaSignIn.unauthorized });
    expect(words(apiError(0, "network_error")).message).toBe(DEFAULT_MESSAGES.network);
    expect(words(apiError(500, "internal")).message).toBe(DEFAULT_MESSAGES.mfaSignIn);
  });
});
