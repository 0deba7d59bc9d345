/**
 * Client-side balancing over a service's replicas (issue 14, `npm start -- --replicas`): the
 * caller is given a list of base URLs (EVENTS_URL=http://127.0.0.1:4003,http://127.0.0.1:4103)
 * and spreads its requests over them itself, with no proxy in between. Under Kubernetes the list
 * is one Service URL and the balancing is the cluster's; this changes nothing there.
 *
 * - Round-robin: each request starts at the next replica of the list.
 * - A replica that refuses the connection has provably not received the request (no connection,
 *   no bytes sent), so the same request goes on to the next replica, and the refusing one is
 *   marked down for a moment: the next requests try it last, not first, until it answers again.
 *   (The BFF counts its other "not sent" failures the same way: options.isNotSent.)
 * - Nothing else moves a request to another replica. A request that may have been sent (reset,
 *   timeout, any answer) is the caller's to judge: resending a write the first replica may have
 *   acted on would apply it twice.
 */

/** How long a refusing replica is tried last: about a restart's length, short enough to notice its return. */
export const REPLICA_DOWN_FOR_MS = 2_000;

export interface Balancer {
  readonly urls: readonly string[];
  /**
   * Calls `attempt` with one replica's base URL; on a refused connection, with the next one,
   * each replica at most once. Whatever else `attempt` does (answers, throws) is the result. When
   * every replica refused, the last refusal is thrown. Stops moving on once `signal` aborts.
   */
  send: <T>(attempt: (baseUrl: string) => Promise<T>, signal?: AbortSignal) => Promise<T>;
}

export interface BalancerOptions {
  downForMs?: number;
  nowMs?: () => number;
  /**
   * Whether a failed attempt provably never reached its replica, so the next may be asked: a
   * refused connection unless the caller knows more ways (the BFF's isNotSent: a name that did
   * not resolve, a connect timeout).
   */
  isNotSent?: (error: unknown) => boolean;
}

/** The codes a refused connection carries (Node's net, and undici's fetch error in its cause). */
function codesOf(error: unknown): unknown[] {
  if (!error || typeof error !== "object") return [];
  const own = "code" in error ? [(error as { code: unknown }).code] : [];
  const cause = error instanceof Error ? error.cause : undefined;
  // Happy eyeballs (a name with several addresses) reports an AggregateError of each attempt.
  const each = error instanceof AggregateError ? error.errors.flatMap(codesOf) : [];
  return [...own, ...each, ...(cause && cause !== error ? codesOf(cause) : [])];
}

/**
 * The replica refused the connection (ECONNREFUSED): nothing listens there, so nothing was sent.
 * A reset, a timeout or a broken answer are not refusals: the request may have arrived.
 */
export function isConnectionRefused(error: unknown): boolean {
  return codesOf(error).includes("ECONNREFUSED");
}

export function createBalancer(urls: readonly string[], options: BalancerOptions = {}): Balancer {
  if (urls.length === 0) throw new Error("a balancer needs at least one URL");
  const { downForMs = REPLICA_DOWN_FOR_MS, nowMs = Date.now, isNotSent = isConnectionRefused } = options;
  let next = 0;
  /** Index → until when it is tried last. */
  const downUntil = new Map<number, number>();

  /** This request's order: round-robin from the next start, replicas marked down moved to the end. */
  const order = (): number[] => {
    const start = next;
    next = (next + 1) % urls.length;
    const now = nowMs();
    const rotation = urls.map((_, offset) => (start + offset) % urls.length);
    const isDown = (index: number) => (downUntil.get(index) ?? 0) > now;
    return [...rotation.filter((index) => !isDown(index)), ...rotation.filter(isDown)];
  };

  return {
    urls,
    async send(attempt, signal) {
      let refusal: unknown;
      for (const index of order()) {
        try {
          const result = await attempt(urls[index]!);
          downUntil.delete(index);
          return result;
        } catch (error) {
          if (!isNotSent(error)) {
            downUntil.delete(index);
            throw error;
          }
          downUntil.set(index, nowMs() + downForMs);
          // The caller left or its deadline passed: no other replica is tried on its behalf.
          if (signal?.aborted) throw error;
          refusal = error;
        }
      }
      throw refusal;
    },
  };
}
