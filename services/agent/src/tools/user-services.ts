import { REQUEST_ID_HEADER, type Balancer } from "@amia/kit";

/**
 * The agent's calls to the owning services, as the signed-in user: it forwards the bearer token
 * the BFF minted for this request, whose audience names the agent and the services it may call
 * for the user (docs/decisions.md "The agent calls services as the user"). The agent never mints
 * tokens and holds no key.
 */

export type TargetService = "events" | "relationships" | "notifications" | "calendar" | "usage";
/** Each service's base URL, or a balancer over its replicas' (a refused connection moves on to the next). */
export type ServiceUrls = Record<TargetService, string | Balancer>;

export interface UserCall {
  status: number;
  body: unknown;
}

export interface UserServices {
  /** `headers`: extra request headers (a create's Idempotency-Key). */
  call: (service: TargetService, method: string, path: string, body?: unknown, headers?: Readonly<Record<string, string>>) => Promise<UserCall>;
}

export function userServices(urls: ServiceUrls, bearer: string, requestId: string, timeoutMs = 10_000): UserServices {
  return {
    async call(service, method, path, body, extraHeaders = {}) {
      const headers = new Headers({ ...extraHeaders, authorization: `Bearer ${bearer}`, accept: "application/json", [REQUEST_ID_HEADER]: requestId });
      if (body !== undefined) headers.set("content-type", "application/json");
      const signal = AbortSignal.timeout(timeoutMs);
      const send = (baseUrl: string) => fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
      const target = urls[service];
      const response = await (typeof target === "string" ? send(target) : target.send(send, signal));
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed };
    },
  };
}

/**
 * The calls a chat turn may make: reads only (GETs, and the calendar's free/busy and
 * availability look-ups, which are POSTs that change nothing). The assistant proposes and the
 * person decides (DESIGN.md): a chat turn — offline or the model's tool loop — never holds a
 * handle that can write; only a Confirm or an Undo of a proposal gets the full `UserServices`.
 */
export const READ_ONLY_POSTS: ReadonlySet<string> = new Set(["calendar /api/v1/calendar/free-busy", "calendar /api/v1/calendar/availability"]);

export class WriteRefusedError extends Error {
  constructor(method: string, service: string, path: string) {
    super(`A chat turn may not write (${method} ${service} ${path}); only a confirmed proposal writes`);
    this.name = "WriteRefusedError";
  }
}

export function readOnlyServices(services: UserServices): UserServices {
  return {
    call(service, method, path, body) {
      const isRead = method === "GET" || (method === "POST" && READ_ONLY_POSTS.has(`${service} ${path.split("?")[0]}`));
      if (!isRead) return Promise.reject(new WriteRefusedError(method, service, path));
      return services.call(service, method, path, body);
    },
  };
}
