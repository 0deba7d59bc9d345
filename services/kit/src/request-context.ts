import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request id follows a unit of work across HTTP calls and Kafka messages, so one user action
 * can be traced through every service's logs. An HTTP request may also carry the moment its
 * caller stops waiting (`deadlineMs`, http/deadline.ts).
 */
interface RequestContext {
  requestId: string;
  /** Epoch ms after which nobody waits for this request's answer; none for Kafka messages. */
  deadlineMs?: number | undefined;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Wire name of the header (HTTP and Kafka); renaming it breaks tracing across services. */
export const REQUEST_ID_HEADER = "x-request-id";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts a caller's id only when it is a sane token, so logs cannot be polluted. */
export function acceptRequestId(candidate: string | undefined | null): string | undefined {
  return candidate && REQUEST_ID_PATTERN.test(candidate) ? candidate : undefined;
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** Runs `fn` with the current request's deadline set (inside `runWithRequestId`). */
export function runWithDeadline<T>(deadlineMs: number, fn: () => T): T {
  return storage.run({ requestId: storage.getStore()?.requestId ?? "", deadlineMs }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The current request's deadline (epoch ms), if its caller sent one. */
export function currentDeadlineMs(): number | undefined {
  return storage.getStore()?.deadlineMs;
}
