import type { Handler } from "hono";
import type { Logger } from "@amia/kit";
import { ZEventRequestResponseSchema, ZListRelationshipsResponseSchema, ZUserProfileResponseSchema, type TRelationship, type TUserProfile } from "@amia/contracts";
import { nameBookOf, unnamedApproverIds, withApproverNames } from "../aggregation/approver-names.ts";
import type { BffEnv } from "../sessions/session-middleware.ts";
import { relayResponse, upstreamRequestOf } from "../upstream/forward.ts";
import type { UpstreamClient, UpstreamRequest } from "../upstream/upstream-client.ts";
import type { RouteSpec } from "./catalogue.ts";

/** Relationships are read 100 at a time (the most a page holds), for at most this many pages. */
const RELATIONSHIPS_PAGE = 100;
const MAX_RELATIONSHIP_PAGES = 10;

/**
 * GET /api/v1/event-requests/:id/with-approvers: the request from the events service, with each
 * approver's `full_name` filled in. Names are a nicety: if relationships or identity cannot
 * answer, the request is still shown, with null names.
 */
export function eventRequestWithApprovers(route: RouteSpec, upstream: UpstreamClient, logger: Logger): Handler<BffEnv> {
  return async (c) => {
    const request = await upstreamRequestOf(c, route);
    const asUser = (service: UpstreamRequest["service"], path: string): UpstreamRequest => ({
      service,
      method: "GET",
      path,
      principal: request.principal,
      requestId: request.requestId,
      signal: request.signal,
    });
    const readPage = async (skip: number) => {
      const { status, body } = await upstream.json(asUser("relationships", `/api/v1/relationships?skip=${skip}&take=${RELATIONSHIPS_PAGE}`));
      return status === 200 ? ZListRelationshipsResponseSchema.parse(body) : undefined;
    };
    const readSelf = async (): Promise<TUserProfile | undefined> => {
      const { status, body } = await upstream.json(asUser("identity", "/api/v1/users/me"));
      return status === 200 ? ZUserProfileResponseSchema.parse(body).user : undefined;
    };
    const quietly = <T>(what: string, promise: Promise<T>) =>
      promise.catch((error: unknown) => {
        logger.warn({ err: error }, `approver names: could not read ${what}; names stay empty`);
        return undefined;
      });

    const [answer, firstPage, self] = await Promise.all([upstream.call(request), quietly("relationships", readPage(0)), quietly("the profile", readSelf())]);
    if (answer.status !== 200) return relayResponse(route.service, answer);
    const parsed = ZEventRequestResponseSchema.safeParse(parseJson(answer.body));
    if (!parsed.success) return relayResponse(route.service, answer);
    const eventRequest = parsed.data.event_request;

    const relationships: TRelationship[] = [...(firstPage?.relationships ?? [])];
    let total = firstPage?.total_count ?? 0;
    for (let page = 1; page < MAX_RELATIONSHIP_PAGES && relationships.length < total; page++) {
      if (unnamedApproverIds(eventRequest, nameBookOf(relationships, self)).length === 0) break;
      const next = await quietly("relationships", readPage(page * RELATIONSHIPS_PAGE));
      if (!next || next.relationships.length === 0) break;
      relationships.push(...next.relationships);
      total = next.total_count;
    }
    return c.json({ event_request: withApproverNames(eventRequest, nameBookOf(relationships, self)) });
  };
}

function parseJson(body: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}
