import { REQUEST_ID_HEADER } from "@amia/kit";

/**
 * The agent's calls to the owning services, as the signed-in user: it forwards the bearer token
 * the BFF minted for this request, whose audience names the agent and the services it may call
 * for the user (docs/decisions.md "The agent calls services as the user"). The agent never mints
 * tokens and holds no key.
 */

export type TargetService = "events" | "relationships" | "notifications" | "calendar";
export type ServiceUrls = Record<TargetService, string>;

export interface UserCall {
  status: number;
  body: unknown;
}

export interface UserServices {
  call: (service: TargetService, method: string, path: string, body?: unknown) => Promise<UserCall>;
}

export function userServices(urls: ServiceUrls, bearer: string, requestId: string, timeoutMs = 10_000): UserServices {
  return {
    async call(service, method, path, body) {
      const headers = new Headers({ authorization: `Bearer ${bearer}`, accept: "application/json", [REQUEST_ID_HEADER]: requestId });
      if (body !== undefined) headers.set("content-type", "application/json");
      const response = await fetch(`${urls[service]}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
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
