import { useRef } from "react";
import { ApiError } from "./client.ts";

/*
 * Safe retries of a write (issue 14): one Idempotency-Key per user action. It is made when the
 * person submits, kept for every retry of that same submission — react-query's automatic one and
 * the person's own "try again" with the same details — and dropped once the server has answered
 * with success, so the next submission gets a new one. A retry with the key can never create a
 * second thing: the server answers it with the first (contracts/src/idempotency.ts).
 */

/** A random key; crypto.randomUUID needs a secure context, so outside one it is built by hand. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface SubmissionKeys {
  /** The key for submitting `body`: the pending submission's when it is the same body, else a new one. */
  keyFor: (body: unknown) => string;
  /** The submission succeeded: the next one is a new action with a new key. */
  settle: () => void;
}

/**
 * The keys of one form's submissions. The same details submitted again before a success are the
 * same action (a double click, "try again" after an unclear answer); changed details are a new one.
 */
export function submissionKeys(newKey: () => string = newIdempotencyKey): SubmissionKeys {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const serialized = JSON.stringify(body ?? null);
      if (pending?.body !== serialized) pending = { body: serialized, key: newKey() };
      return pending.key;
    },
    settle() {
      pending = null;
    },
  };
}

/** A mutation's submission keys, kept for as long as the component that submits lives. */
export function useSubmissionKeys(): SubmissionKeys {
  const keys = useRef<SubmissionKeys | null>(null);
  keys.current ??= submissionKeys();
  return keys.current;
}

/**
 * react-query's `retry` for a write that is safe to repeat (a keyed create, or an answer whose
 * repeat is a success): once, when the failure says nothing was done or the repeat is safe — no
 * connection, a service that did not answer, a deadline passed. Never on a refusal (4xx).
 */
export function retryWriteOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !(error instanceof ApiError)) return false;
  return error.code === "network_error" || error.code === "upstream_unavailable" || error.code === "deadline_exceeded" || error.code === "outcome_unknown";
}

/** The pause before that one retry: long enough for a restarted service to come back. */
export const WRITE_RETRY_DELAY_MS = 1_500;
