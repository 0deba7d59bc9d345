import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request id follows a unit of work across HTTP calls and Kafka messages, so one user action
 * can be traced through every service's logs.
 */
interface RequestContext {
  requestId: string;
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

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
