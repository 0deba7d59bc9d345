import type { z } from "zod";
import * as C from "@amia/contracts";
import { HTTP_STATUS_BY_CODE, METRICS_PATH } from "@amia/kit";
import packageJson from "../../package.json" with { type: "json" };
import { BINDING_COOKIE, PENDING_MFA_COOKIE } from "../auth/sign-in-cookies.ts";
import { ROUTES, type HttpMethod, type RouteSpec } from "../routes/catalogue.ts";
import { GOOGLE_NOTIFICATIONS_PATH } from "../routes/google-notifications.ts";
import { NOTIFICATIONS_STREAM_PATH } from "../routes/notifications-stream.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../security/csrf.ts";
import type { BffConfig } from "../env.ts";
import { rateLimitRules } from "../routes/api.ts";
import { isWrite } from "../security/rate-limit.ts";
import { SESSION_COOKIE, SESSION_MISSING } from "../sessions/session-middleware.ts";
import { SchemaComponents, toJsonSchema, type JsonSchema } from "./json-schema.ts";

/*
 * The OpenAPI 3.1 document of the whole public API: every route of the catalogue (one table,
 * so forwarding and this document cannot drift apart) plus the BFF's own routes (sign-in,
 * session, the live notification stream, JWKS). Schemas come from the contracts through zod's
 * `z.toJSONSchema()` (json-schema.ts says what it patches and why). Built from fixed tables in a
 * fixed order, so the same code gives byte-identical output.
 */

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** A query parameter sent empty (`?take=`) counts as left out. */
  allowEmptyValue?: boolean;
  description?: string;
  schema: JsonSchema;
}
export type OpenApiRef = { $ref: string };
export interface OpenApiMediaType {
  schema: JsonSchema;
  /** text/event-stream only: the JSON each `data:` line carries (3.1 has no `itemSchema`). */
  "x-event-data-schema"?: JsonSchema;
  example?: unknown;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiRef | { description: string; schema: JsonSchema }>;
  content?: Record<string, OpenApiMediaType>;
}
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: (OpenApiParameter | OpenApiRef)[];
  requestBody?: { required: boolean; description?: string; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse | OpenApiRef>;
}
export type OpenApiMethod = "get" | "post" | "put" | "patch" | "delete";
export type OpenApiPathItem = Partial<Record<OpenApiMethod, OpenApiOperation>>;
export interface OpenApiDocument {
  openapi: "3.1.1";
  info: { title: string; version: string; description: string };
  tags: { name: string; description?: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    securitySchemes: Record<string, { type: "apiKey"; in: "cookie"; name: string; description: string }>;
  };
}

/** Where the document and its reference page are served (routes.ts). Wire paths: never rename. */
export const OPENAPI_JSON_PATH = "/api/v1/openapi.json";
export const REFERENCE_PAGE_PATH = "/api/v1/docs";
/** The SPA's page asking for the second factor's code after the provider (routes/auth.ts redirects there). */
const SPA_CODE_PAGE = "/auth/code";

export const METHOD_ORDER: readonly OpenApiMethod[] = ["get", "post", "put", "patch", "delete"];
const STATE_CHANGING = new Set<OpenApiMethod>(["post", "put", "patch", "delete"]);
const SECURITY_SCHEME = "sessionCookie";
const AUTH_TAG = "Auth";
const OPERATIONS_TAG = "Operations";

const TAG_DESCRIPTIONS: Record<string, string> = {
  [AUTH_TAG]: "Sign-in with the identity provider (OpenID Connect), the session, sign-out, and the keys of the BFF's internal tokens.",
  "Event requests": "Proposed events and their reviewers' decisions; an approved request becomes a calendar event.",
  Relationships: "The people I am connected with (both sides agreed).",
  "Relationship requests": "Asking someone to connect, and answering such requests.",
  Notifications: "In-app notifications, paged or pushed live.",
  "AI usage": "What the assistant's model calls cost me.",
  Assistant: "The chat assistant.",
  Recipes: "My recipes and their ingredients.",
  Profile: "My own account, its settings and its second factor.",
  [OPERATIONS_TAG]: "Liveness and readiness probes, metrics, and this description of the API.",
};

/** Entity schemas worth a name; every equal subtree in the document becomes a `$ref` to them. */
function schemaComponents(): SchemaComponents {
  const components = new SchemaComponents();
  components.add("ErrorBody", C.ZErrorBodySchema, "output");
  components.add("EventDate", C.ZStartDateSchema, "output");
  components.add("Approver", C.ZApproverSchema, "output");
  components.add("ApproverInput", C.ZApproverInputSchema, "input");
  components.add("EventRequest", C.ZEventRequestSchema, "output");
  components.add("RelatedUser", C.ZRelatedUserSchema, "output");
  components.add("Relationship", C.ZRelationshipSchema, "output");
  components.add("RelationshipRequest", C.ZRelationshipRequestSchema, "output");
  components.add("Notification", C.ZNotificationSchema, "output");
  components.add("AiUsageRecord", C.ZAiUsageRecordSchema, "output");
  components.add("RecipeIngredient", C.ZRecipeIngredientSchema, "output");
  components.add("RecipeIngredientInput", C.ZCreateRecipeIngredientBodySchema, "input");
  components.add("Recipe", C.ZRecipeSchema, "output");
  components.add("UserProfile", C.ZUserProfileSchema, "output");
  components.add("SessionUser", C.ZSessionUserSchema, "output");
  components.add("ChatStreamEvent", C.ZChatStreamEventSchema, "output");
  components.seal();
  return components;
}

/** The error responses, one per code; the status comes from the kit's one code → status table. */
const ERROR_RESPONSES = {
  validation_failed: {
    name: "ValidationFailed",
    description:
      "The input is invalid (`validation_failed`). `message` names every bad field; `details.fields` lists them as `{path, message}` (path dotted, e.g. `approvers.0.user_id`).",
    example: {
      message: "start_date.time_zone must be an IANA time zone such as Europe/Lisbon",
      code: "validation_failed",
      details: { fields: [{ path: "start_date.time_zone", message: "start_date.time_zone must be an IANA time zone such as Europe/Lisbon" }] },
    },
  },
  unauthorized: {
    name: "Unauthorized",
    description: "No session, or it expired (`unauthorized`). Sign in again through `GET /api/v1/auth/login`.",
    example: { ...SESSION_MISSING },
  },
  forbidden: {
    name: "Forbidden",
    description: `Not allowed (\`forbidden\`): a state-changing request without the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header or from another origin (CSRF), or an action the signed-in user may not take.`,
    example: { message: "Cross-site request refused", code: "forbidden" },
  },
  not_found: {
    name: "NotFound",
    description: "Not found, or not yours to see; the API never says which (`not_found`).",
    example: { message: "Event request not found", code: "not_found" },
  },
  conflict: {
    name: "Conflict",
    description: "The current state forbids it (`conflict`): a second answer to a review, a duplicate request ...",
    example: { message: "You already answered this request", code: "conflict" },
  },
  payload_too_large: {
    name: "PayloadTooLarge",
    description:
      "The request body is too large (`payload_too_large`): one limit for every route (256 KiB unless configured otherwise). A body sent to a route that takes none is read and dropped, so it is held to the limit too.",
    example: { message: "Request body too large", code: "payload_too_large" },
  },
  rate_limited: {
    name: "RateLimited",
    description:
      "Too many requests (`rate_limited`): every change counts against a per-user limit, relationship requests against a stricter one, chat per user and per IP, sign-in per IP; the services also refuse a write past a quota that waiting lifts (a second request to the same person within a day, say). Retry after the number of seconds in `Retry-After`; `message` says the wait in words.",
    example: { message: "Too many requests, try again in 30 seconds", code: "rate_limited" },
  },
  internal: {
    name: "Internal",
    description: "Something failed on our side (`internal`); the message says nothing internal, the server log has the cause.",
    example: { message: "Something went wrong", code: "internal" },
  },
  upstream_unavailable: {
    name: "UpstreamUnavailable",
    description: "A service or third party is unavailable (`upstream_unavailable`): the request did not reach it, or repeating it is safe (a read, a create with an `Idempotency-Key`, an answer). Safe to retry later.",
    example: { message: "The events service is unavailable, try again shortly", code: "upstream_unavailable" },
  },
  unsupported_media_type: {
    name: "UnsupportedMediaType",
    description:
      "The body is not JSON (`unsupported_media_type`): send it with `content-type: application/json` (or a `+json` type). Also where the route takes no body, if one is sent in another type.",
    example: { message: "Send the body as JSON (content-type: application/json)", code: "unsupported_media_type" },
  },
  idempotency_key_reused: {
    name: "IdempotencyKeyReused",
    description: `This \`${C.IDEMPOTENCY_KEY_HEADER}\` was already used by you for a create with a different body (\`idempotency_key_reused\`). Send a new key for a new request; nothing was created.`,
    example: { message: `This ${C.IDEMPOTENCY_KEY_HEADER} was already used for a different request; send a new key for a new request`, code: "idempotency_key_reused" },
  },
  outcome_unknown: {
    name: "OutcomeUnknown",
    description:
      "A change was sent to a service but no answer came (`outcome_unknown`, 502 when the connection broke, 504 when it took too long): it may or may not have been made. Check (read it back) before trying again; a create sent with an `Idempotency-Key` never gets this (repeat it with the same key instead).",
    example: { message: "The connection to the events service broke before it answered; the change may or may not have been made: check before trying again", code: "outcome_unknown" },
  },
  deadline_exceeded: {
    name: "DeadlineExceeded",
    description: "A service received the request after the BFF had stopped waiting for it (`deadline_exceeded`, 504): nothing was changed. Safe to retry.",
    example: { message: "The caller stopped waiting before this could be done; nothing was changed", code: "deadline_exceeded" },
  },
} as const satisfies Record<C.TErrorCode, { name: string; description: string; example: C.TErrorBody }>;

type ErrorCode = keyof typeof ERROR_RESPONSES;

/**
 * Which of the BFF's rate limits a route counts against: the router's own table (routes/api.ts).
 * Only the rules' names are read here, never their numbers, so no configuration is needed.
 */
const limitsOf = rateLimitRules({ env: {} } as unknown as BffConfig);

/** Words for a limit, by its rule's name (routes/api.ts); a rule not named here says its name. */
const LIMIT_WORDS: Record<string, string> = {
  "writes:user": "the per-user limit on changes",
  "relationship-requests:user": "the stricter per-user limit on relationship requests (an hour)",
  "chat:user": "the per-user chat limit",
  "chat:ip": "the per-IP chat limit",
};

/** Reads a service refuses with 403 (the CSRF check guards changes only): the operators' view. */
export const FORBIDDEN_READS: ReadonlySet<string> = new Set(["GET /api/v1/calendar/admin/jobs"]);
/** Routes that answer 404 for an id in their body rather than in their path: another's conversation. */
export const NOT_FOUND_BY_BODY: ReadonlySet<string> = new Set(["POST /api/v1/agent/commands/chat"]);

/**
 * The errors a catalogue route can answer, from what the BFF and the services check: a change
 * (any method but GET) passes the CSRF check and the write limit and may meet a state that
 * forbids it; any request that may carry a body has it read (within the size limit, JSON only);
 * only a route with an id in its path (or NOT_FOUND_BY_BODY) can miss one. Every error code
 * must be decided here (the record's type says so).
 */
function errorCodesFor(route: RouteSpec): ErrorCode[] {
  const key = `${route.method} ${route.path}`;
  const isChange = isWrite(route.method);
  const mayCarryBody = isChange || route.body !== undefined;
  const answers: Record<ErrorCode, boolean> = {
    validation_failed: mayCarryBody || route.params !== undefined || route.query !== undefined,
    unauthorized: true,
    forbidden: isChange || FORBIDDEN_READS.has(key),
    not_found: route.path.includes("/:") || NOT_FOUND_BY_BODY.has(key),
    conflict: isChange,
    payload_too_large: mayCarryBody,
    // The BFF's limits, and the services' quotas on what a change creates.
    rate_limited: isChange || limitsOf(route).length > 0,
    internal: true,
    upstream_unavailable: true,
    unsupported_media_type: mayCarryBody,
    idempotency_key_reused: route.idempotency === "key",
    // A change that is not safe to repeat (a create sent without its key included).
    outcome_unknown: isChange && route.idempotency !== "decision" && route.rateLimit !== "chat",
    deadline_exceeded: true,
  };
  return C.ERROR_CODES.filter((code) => answers[code]);
}

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  id: "The resource's id (opaque; never parse it).",
  skip: "How many items to skip before the page starts.",
  take: `How many items the page holds, at most ${C.MAX_TAKE}.`,
  is_read: "Only read (true) or only unread (false) notifications; both when left out.",
  is_deleted: "true: only deleted (soft) notifications; false: only live ones.",
  role: "creator: requests I created; reviewer: requests I am asked to review.",
  status: "Only items in this status.",
  importance_level: `Only requests of this importance (${C.MIN_IMPORTANCE_LEVEL} to ${C.MAX_IMPORTANCE_LEVEL}).`,
  start_date_from: "Only requests starting at or after this bound (a day or an instant, inclusive).",
  start_date_to: "Only requests starting at or before this bound (a day or an instant, inclusive); not before start_date_from.",
  end_date_from: "Only requests still happening at or after this bound (a day or an instant, inclusive): ending then or later, a repeating one by its last occurrence, one that never ends always. With start_date_to: everything overlapping a window.",
  created_by: "Only requests created by this user (meaningful with role=reviewer).",
  time_zone: "The zone day bounds are read in; UTC when left out.",
  startDate: "First day (or instant) of the range, inclusive.",
  endDate: "Last day (or instant) of the range, inclusive; not before startDate.",
  timeZone: "The zone day bounds are read in; UTC when left out.",
  q: "Text to find in a recipe's title or an ingredient's name, ignoring case; plain text, never a pattern.",
  code: "The authorization code from the identity provider.",
  state: "The state this BFF sent at login; anything else is refused.",
  iss: "The identity provider's issuer (RFC 9207), checked against the one signed in with.",
  return_to: "Where the app goes once signed in: a path on this origin of at most 2,000 characters (anything else is ignored, and the app goes to its start page).",
  error: "The identity provider's error, when sign-in failed there.",
  error_description: "The identity provider's explanation of `error`.",
};

/** `/api/v1/items/:id` → `/api/v1/items/{id}` (also `:id{[0-9]+}` and `:id?`). */
export function toOpenApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?\??/g, "{$1}");
}

function pathParameterNames(openApiPath: string): string[] {
  return [...openApiPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "");
}

/** `GET /api/v1/event-requests/{id}/with-approvers` → `getEventRequestsByIdWithApprovers`. */
export function operationIdFor(method: OpenApiMethod, openApiPath: string): string {
  const words = openApiPath
    .replace(/^\/api\/v1/, "")
    .split("/")
    .filter((segment) => segment !== "")
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ["by", ...(param[1] ?? "").split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== "");
  return method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
}

function isRequired(schema: JsonSchema, name: string): boolean {
  return Array.isArray(schema.required) && schema.required.includes(name);
}

function objectProperties(schema: JsonSchema): [string, JsonSchema][] {
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties as Record<string, JsonSchema>);
}

function parametersFrom(schema: z.ZodType | undefined, location: "path" | "query", components: SchemaComponents): OpenApiParameter[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, "input");
  const shape = ((schema as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } })._zod.def.shape ?? {}) as Record<string, z.ZodType>;
  return objectProperties(json).map(([name, property]) => {
    const text = PARAMETER_DESCRIPTIONS[name] ?? (typeof property.description === "string" ? property.description : undefined);
    // Asked of the contract: does this parameter take "" (as left out, or as a value)?
    const field = shape[name];
    const acceptsEmpty = location === "query" && field !== undefined && field.safeParse("").success && !isRequired(json, name);
    return {
      name,
      in: location,
      // A path parameter is always required (OpenAPI says so); a query one when the schema says.
      required: location === "path" || isRequired(json, name),
      ...(acceptsEmpty ? { allowEmptyValue: true } : {}),
      ...(text === undefined ? {} : { description: text }),
      schema: components.intern(property),
    };
  });
}

function jsonContent(schema: JsonSchema, example?: unknown): Record<string, OpenApiMediaType> {
  return { "application/json": example === undefined ? { schema } : { schema, example } };
}

/**
 * A stream of server-sent events. OpenAPI 3.1 has no `itemSchema`: `schema` describes one event
 * as the SSE fields it carries (what tools such as schemathesis check each event against), its
 * `data` a JSON text whose schema `contentSchema` names; `x-event-data-schema` repeats that
 * schema where a reader looks for it first.
 */
function eventStreamContent(dataSchema: JsonSchema, what: string): Record<string, OpenApiMediaType> {
  return {
    "text/event-stream": {
      schema: {
        type: "object",
        description: `Server-sent events: each event's \`data:\` line holds one JSON ${what}; comment lines (\`:\`) are heartbeats.`,
        properties: {
          data: { type: "string", contentMediaType: "application/json", contentSchema: dataSchema },
          event: { type: "string" },
          id: { type: "string" },
          retry: { type: "integer", minimum: 0 },
        },
        required: ["data"],
      },
      "x-event-data-schema": dataSchema,
    },
  };
}

/**
 * `upstream_unavailable` answers with the status that says what went wrong with the service
 * (bff/src/upstream): 503 it is down, 504 it took too long, 502 it failed or answered nonsense.
 * Wire statuses: clients may branch on them.
 */
const UPSTREAM_STATUSES = {
  502: {
    name: "UpstreamFailed",
    description:
      "A service failed or answered something unreadable (`upstream_unavailable`: safe to retry later), or the connection broke after a change was sent (`outcome_unknown`: check before trying again).",
  },
  504: {
    name: "UpstreamTimeout",
    description:
      "A service did not answer in time: `upstream_unavailable` (safe to retry later), `outcome_unknown` (a change was sent and may have been made: check before trying again) or `deadline_exceeded` (nothing was changed).",
  },
} as const;

/** Codes answered only with 502/504: documented under UPSTREAM_STATUSES, which every route has. */
const UPSTREAM_STATUS_CODES: ReadonlySet<ErrorCode> = new Set(["outcome_unknown", "deadline_exceeded"]);

function errorResponses(codes: readonly ErrorCode[]): Record<string, OpenApiRef> {
  return Object.fromEntries(
    codes.flatMap((code) => {
      if (UPSTREAM_STATUS_CODES.has(code)) return [];
      const main: [string, OpenApiRef] = [String(HTTP_STATUS_BY_CODE[code]), { $ref: `#/components/responses/${ERROR_RESPONSES[code].name}` }];
      if (code !== "upstream_unavailable") return [main];
      const others = Object.entries(UPSTREAM_STATUSES).map(([status, { name }]): [string, OpenApiRef] => [status, { $ref: `#/components/responses/${name}` }]);
      return [main, ...others].sort(([a], [b]) => a.localeCompare(b));
    }),
  );
}

const SUCCESS_DESCRIPTIONS = { 200: "OK", 201: "Created", 204: "No content: done, no body." } as const;

function csrfParameter(): OpenApiRef {
  return { $ref: "#/components/parameters/CsrfHeader" };
}

function operationDescription(parts: readonly (string | false | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === "string" && part !== "").join("\n\n");
}

function catalogueOperation(route: RouteSpec, components: SchemaComponents): [string, OpenApiMethod, OpenApiOperation] {
  const path = toOpenApiPath(route.path);
  const method = route.method.toLowerCase() as Lowercase<HttpMethod>;
  const isStateChanging = STATE_CHANGING.has(method);

  const pathParameters = parametersFrom(route.params, "path", components);
  for (const name of pathParameterNames(path)) {
    // A path parameter the params schema does not describe still has to be documented.
    if (!pathParameters.some((parameter) => parameter.name === name)) {
      pathParameters.push({ name, in: "path", required: true, description: PARAMETER_DESCRIPTIONS[name] ?? name, schema: { type: "string" } });
    }
  }
  const parameters: (OpenApiParameter | OpenApiRef)[] = [
    ...pathParameters,
    ...parametersFrom(route.query, "query", components),
    ...(isStateChanging ? [csrfParameter()] : []),
    ...(route.idempotency === "key" ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
  ];

  const { status, schema } = route.success;
  const success: OpenApiResponse = { description: SUCCESS_DESCRIPTIONS[status] };
  if (status !== 204 && schema) {
    const json = components.intern(toJsonSchema(schema, "output"));
    success.content = route.isStream ? eventStreamContent(json, "event") : jsonContent(json);
  }

  const isBodyRequired = route.body !== undefined && !route.body.safeParse(undefined).success;
  const limits = limitsOf(route).map((rule) => LIMIT_WORDS[rule.name] ?? rule.name);
  const operation: OpenApiOperation = {
    operationId: operationIdFor(method, path),
    summary: route.summary,
    description: operationDescription([
      route.summary + ".",
      route.isStream && "The response streams as server-sent events (`text/event-stream`) and is passed through unbuffered.",
      limits.length > 0 && `Counts against ${limits.join(", ")}: over one, 429 with \`Retry-After\`.`,
      isStateChanging && `Requires the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header and a same-origin request (CSRF).`,
      !route.body && isStateChanging && "Takes no body: one sent anyway is read (JSON only, within the size limit) and dropped.",
      route.idempotency === "key" &&
        `Send an \`${C.IDEMPOTENCY_KEY_HEADER}\` to make retrying safe: a repeat with the same key and body answers the first create (same status, the created resource as it is now), never a second one; the same key with another body is a 422.`,
      route.idempotency === "decision" && "Repeating the same answer is a success that changes nothing, so a retry after a lost answer is safe.",
    ]),
    tags: [route.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: isBodyRequired,
            ...(isBodyRequired ? {} : { description: "Optional: may be left out." }),
            content: jsonContent(components.intern(toJsonSchema(route.body, "input"))),
          },
        }
      : {}),
    responses: { [String(status)]: success, ...errorResponses(errorCodesFor(route)) },
  };
  return [path, method, operation];
}

/** The BFF's own routes: they are not forwarded, so they are not in the catalogue. */
function bffOperations(components: SchemaComponents): [string, OpenApiMethod, OpenApiOperation][] {
  const publicRoute = { security: [] };
  const cookieHeader = (description: string) => ({ description, schema: { type: "string" } });
  const redirect = (description: string, headers: OpenApiResponse["headers"] = {}): OpenApiResponse => ({
    description,
    headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } }, ...headers },
  });
  const queryParameter = (name: string, schema: JsonSchema = { type: "string" }): OpenApiParameter => ({
    name,
    in: "query",
    required: false,
    description: PARAMETER_DESCRIPTIONS[name] ?? name,
    schema,
  });
  const json = (schema: z.ZodType) => jsonContent(components.intern(toJsonSchema(schema, "output")));
  const jwk = {
    type: "object",
    properties: {
      kty: { type: "string", examples: ["EC", "OKP"] },
      kid: { type: "string", description: "The key id internal tokens name in their header." },
      alg: { type: "string", examples: ["ES256", "EdDSA"] },
      use: { type: "string", const: "sig" },
      crv: { type: "string" },
      x: { type: "string" },
      y: { type: "string" },
    },
    required: ["kty", "kid"],
  };
  const probe = { type: "object", properties: { status: { type: "string" }, service: { type: "string" } }, required: ["status", "service"] };
  const csrf = `Requires the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header and a same-origin request (CSRF).`;
  return [
    [
      "/api/v1/auth/login",
      "get",
      {
        operationId: "getAuthLogin",
        summary: "Start signing in with the identity provider",
        description: `Redirects to the identity provider (OpenID Connect authorization-code flow with PKCE, state and nonce) and sets the short-lived \`${BINDING_COOKIE}\` cookie that ties the sign-in to this browser: the callback redeems it only here. Rate-limited per IP: over it, 429 with \`Retry-After\`.`,
        tags: [AUTH_TAG],
        ...publicRoute,
        parameters: [queryParameter("return_to")],
        responses: {
          "302": redirect("To the identity provider's sign-in page (or to the app's /auth/callback with an error when the provider cannot be reached).", {
            "Set-Cookie": cookieHeader(`\`${BINDING_COOKIE}\`: binds the sign-in to this browser (HttpOnly, SameSite=Lax, path /api/v1/auth, 10 minutes).`),
          }),
          ...errorResponses(["rate_limited", "internal"]),
        },
      },
    ],
    [
      "/api/v1/auth/callback",
      "get",
      {
        operationId: "getAuthCallback",
        summary: "Finish signing in (the identity provider redirects here)",
        description: `Redeems the sign-in started in this browser: verifies the ID token and creates the session (a new \`${SESSION_COOKIE}\` cookie), then redirects to the app's \`/auth/callback\`. With a second factor on, no session yet: a 5-minute pending sign-in (the \`${PENDING_MFA_COOKIE}\` cookie) and a redirect to the app's \`${SPA_CODE_PAGE}\`, which sends the code to \`POST /api/v1/auth/mfa/verify\`. A failure, or a callback for a sign-in another browser started, redirects to the app's \`/auth/callback\` with an \`error\`, and changes no session.`,
        tags: [AUTH_TAG],
        ...publicRoute,
        parameters: ["code", "state", "iss", "error", "error_description"].map((name) => queryParameter(name)),
        responses: {
          "302": redirect(`To the app's /auth/callback (signed in, or with an error to show) or, with a second factor on, to its ${SPA_CODE_PAGE}.`, {
            "Set-Cookie": cookieHeader(`The new \`${SESSION_COOKIE}\` session cookie (HttpOnly, SameSite=Lax, Secure behind https), or \`${PENDING_MFA_COOKIE}\` for a sign-in waiting for its code; \`${BINDING_COOKIE}\` cleared.`),
          }),
          ...errorResponses(["internal"]),
        },
      },
    ],
    [
      "/api/v1/auth/mfa/verify",
      "post",
      {
        operationId: "postAuthMfaVerify",
        summary: "Finish a sign-in with a second factor: the code, or a recovery code",
        description: `The second step of a sign-in whose user has two-step verification on: the pending sign-in's \`${PENDING_MFA_COOKIE}\` cookie and \`{code}\` (from the authenticator app) or \`{recovery_code}\`. Right: the session is created (\`${SESSION_COOKIE}\` set) and the answer says where the app goes. A wrong code is a 400 naming the field; too many wrong codes, 429 with \`Retry-After\`; no pending sign-in (expired, finished, or another browser's), 401: sign in again.\n\n${csrf}`,
        tags: [AUTH_TAG],
        ...publicRoute,
        parameters: [csrfParameter()],
        requestBody: { required: true, content: jsonContent(components.intern(toJsonSchema(C.ZFactorProofBodySchema, "input"))) },
        responses: {
          "200": {
            description: "Signed in.",
            headers: { "Set-Cookie": cookieHeader(`The new \`${SESSION_COOKIE}\` session cookie; \`${PENDING_MFA_COOKIE}\` cleared.`) },
            content: json(C.ZMfaVerifyResponseSchema),
          },
          ...errorResponses(["validation_failed", "unauthorized", "forbidden", "payload_too_large", "unsupported_media_type", "rate_limited", "internal", "upstream_unavailable"]),
        },
      },
    ],
    [
      "/api/v1/auth/session",
      "get",
      {
        operationId: "getAuthSession",
        summary: "The signed-in user",
        description: "The signed-in user, or 401 without a session.",
        tags: [AUTH_TAG],
        responses: {
          "200": { description: "OK", content: json(C.ZSessionResponseSchema) },
          ...errorResponses(["unauthorized", "internal", "upstream_unavailable"]),
        },
      },
    ],
    [
      "/api/v1/auth/logout",
      "post",
      {
        operationId: "postAuthLogout",
        summary: "Sign out",
        description: `Deletes the session on the server and clears the cookie (also without a session: signing out twice is fine).\n\n${csrf}`,
        tags: [AUTH_TAG],
        parameters: [csrfParameter()],
        responses: {
          "204": { description: SUCCESS_DESCRIPTIONS[204], headers: { "Set-Cookie": cookieHeader(`\`${SESSION_COOKIE}\` cleared.`) } },
          ...errorResponses(["validation_failed", "forbidden", "payload_too_large", "unsupported_media_type", "internal"]),
        },
      },
    ],
    [
      "/.well-known/jwks.json",
      "get",
      {
        operationId: "getWellKnownJwksJson",
        summary: "Public keys of the BFF's internal tokens (JWKS)",
        description: "The services verify the short-lived internal JWTs the BFF mints per call against these keys (`kid` picks one).",
        tags: [AUTH_TAG],
        ...publicRoute,
        responses: {
          "200": {
            description: "OK",
            content: jsonContent({ type: "object", properties: { keys: { type: "array", items: jwk } }, required: ["keys"] }),
          },
        },
      },
    ],
    [
      GOOGLE_NOTIFICATIONS_PATH,
      "post",
      {
        operationId: "postGoogleCalendarNotifications",
        summary: "Google Calendar push notifications (events.watch channels)",
        description:
          "Google calls this for the channels the calendar service opened (two-way sync); nobody else has a use for it. No session and no CSRF header: the channel's token (`X-Goog-Channel-Token`) is checked against the channel, in constant time, and an unknown channel or a wrong token does nothing. 202 starts a sync in the background.",
        tags: [OPERATIONS_TAG],
        ...publicRoute,
        parameters: [
          { name: "X-Goog-Channel-ID", in: "header", required: true, description: "The channel's id (chosen by the calendar service at events.watch).", schema: { type: "string", maxLength: 256 } },
          { name: "X-Goog-Channel-Token", in: "header", required: true, description: "The channel's secret token, given to Google at events.watch.", schema: { type: "string", maxLength: 256 } },
          { name: "X-Goog-Resource-ID", in: "header", required: true, description: "Google's id of the watched calendar.", schema: { type: "string", maxLength: 256 } },
          { name: "X-Goog-Resource-State", in: "header", required: true, description: "`sync` when the channel opens, then `exists` (something changed) or `not_exists`.", schema: { type: "string", enum: [...C.GOOGLE_RESOURCE_STATES] } },
          { name: "X-Goog-Message-Number", in: "header", required: false, description: "Google's message counter on this channel.", schema: { type: "string", pattern: "^[0-9]+$" } },
        ],
        responses: {
          "202": { description: "Accepted: a sync of that calendar runs.", content: jsonContent({ type: "object" }) },
          ...errorResponses(["validation_failed", "forbidden", "not_found", "internal", "upstream_unavailable"]),
        },
      },
    ],
    [
      OPENAPI_JSON_PATH,
      "get",
      {
        operationId: "getOpenapiJson",
        summary: "This document (OpenAPI 3.1)",
        description: "The description of the whole public API, built from the route catalogue and the contracts.",
        tags: [OPERATIONS_TAG],
        ...publicRoute,
        responses: { "200": { description: "OK", content: jsonContent({ type: "object", description: "An OpenAPI 3.1 document." }) } },
      },
    ],
    [
      REFERENCE_PAGE_PATH,
      "get",
      {
        operationId: "getDocs",
        summary: "This document as a page to read",
        description: "The reference page: every operation with its parameters, bodies and answers, as HTML without scripts.",
        tags: [OPERATIONS_TAG],
        ...publicRoute,
        responses: { "200": { description: "OK", content: { "text/html": { schema: { type: "string" } } } } },
      },
    ],
    [
      "/healthz",
      "get",
      {
        operationId: "getHealthz",
        summary: "Liveness: the BFF answers",
        description: "200 while the process serves requests; checks nothing else.",
        tags: [OPERATIONS_TAG],
        ...publicRoute,
        responses: { "200": { description: "Alive.", content: jsonContent(probe) } },
      },
    ],
    [
      "/readyz",
      "get",
      {
        operationId: "getReadyz",
        summary: "Readiness: the BFF's dependencies answer",
        description: "200 when Redis and Kafka answer; 503 naming the one that does not.",
        tags: [OPERATIONS_TAG],
        ...publicRoute,
        responses: {
          "200": { description: "Ready.", content: jsonContent({ ...probe, properties: { ...probe.properties, checks: { type: "object", additionalProperties: { type: "string" } } } }) },
          "503": { description: "A dependency does not answer (`status: unavailable`); `checks` says which.", content: jsonContent({ ...probe, properties: { ...probe.properties, checks: { type: "object", additionalProperties: { type: "string" } } } }) },
        },
      },
    ],
    [
      METRICS_PATH,
      "get",
      {
        operationId: "getMetrics",
        summary: "The BFF's metrics, for Prometheus",
        description: "Request durations by route and status, and the process's own figures, in Prometheus's text format. On the BFF's own port for the scraper; the web server in front does not pass it on.",
        tags: [OPERATIONS_TAG],
        ...publicRoute,
        responses: { "200": { description: "OK", content: { "text/plain": { schema: { type: "string", description: "Prometheus text exposition format 0.0.4." } } } } },
      },
    ],
  ];
}

function notificationStreamOperation(components: SchemaComponents): [string, OpenApiMethod, OpenApiOperation] {
  return [
    NOTIFICATIONS_STREAM_PATH,
    "get",
    {
      operationId: "getNotificationsStream",
      summary: "My new notifications, pushed live",
      description:
        "A server-sent event stream (`text/event-stream`): each new notification of the signed-in user as one JSON object on a `data:` line, with heartbeat comments to keep the connection open. Reconnect on close. One user may hold a few streams open at once (a tab each); one more is refused with 429 until one closes.",
      tags: ["Notifications"],
      responses: {
        "200": { description: "OK: the stream stays open.", content: eventStreamContent(components.intern(toJsonSchema(C.ZNotificationSchema, "output")), "notification") },
        ...errorResponses(["unauthorized", "rate_limited", "internal", "upstream_unavailable"]),
      },
    },
  ];
}

const INFO_DESCRIPTION = `The public API of Amia, the calendar assistant: everything the web app uses, under \`/api/v1\`.

## Authentication
Sign in through \`GET /api/v1/auth/login\` (OpenID Connect with the identity provider). The session is the HttpOnly cookie \`${SESSION_COOKIE}\`; the browser sends it, scripts never see it. Without a valid session every route answers 401, except sign-in (with its second-factor step, \`POST /api/v1/auth/mfa/verify\`), the keys (\`/.well-known/jwks.json\`), this document, the reference page (\`/api/v1/docs\`) and the probes (\`/healthz\`, \`/readyz\`).

State-changing requests (POST, PATCH, PUT, DELETE) must come from our own origin (\`Origin\` / \`Sec-Fetch-Site\`) and carry the header \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\`; otherwise 403.

## Errors
Every error has the body \`{message, code, details?}\` (\`ErrorBody\`). \`message\` is meant for people; branch on \`code\`: ${C.ERROR_CODES.map((code) => `\`${code}\` (${code === "upstream_unavailable" ? "502, 503 or 504" : code === "outcome_unknown" ? "502 or 504" : HTTP_STATUS_BY_CODE[code]})`).join(", ")}. A \`validation_failed\` error lists the bad fields in \`details.fields\` as \`{path, message}\`. A 429 carries \`Retry-After\` (seconds).

## Paging
Paged lists take \`skip\` (default 0) and \`take\` (default ${C.DEFAULT_TAKE}, notifications ${C.DEFAULT_NOTIFICATIONS_TAKE}, at most ${C.MAX_TAKE}) and answer with the page and \`skip\`, \`take\`, \`total_count\` (matches over all pages). Newest first.

## Dates
- **Event dates** (\`start_date\`, \`end_date\`, schema \`EventDate\`): all-day \`{"date": "2026-03-11", "time_zone": "Europe/Lisbon"}\`, or timed \`{"date_time": "2026-03-11T12:00", "time_zone": "Europe/Lisbon"}\` (wall-clock time in that zone) or \`{"date_time": "2026-03-11T12:00:00Z", "time_zone": "Europe/Lisbon"}\` (that instant, shown in that zone). Exactly one of \`date\` / \`date_time\`; both ends all-day or both timed; the end not before the start (an all-day end is inclusive).
- **Date bounds in queries** (\`start_date_from\`, \`start_date_to\`, \`end_date_from\`, \`startDate\`, \`endDate\`): a day \`YYYY-MM-DD\` (the whole day in the given time zone, UTC by default) or an ISO 8601 date-time with \`Z\` or an offset; inclusive.
- **Timestamps we record** (\`created_at\` ...): ISO 8601 date-times with \`Z\` or an offset.
- **Time zones**: IANA names such as \`Europe/Lisbon\`.

## Conventions
Query booleans are the words \`true\` and \`false\`. In responses an absent value is \`null\`, never a missing field; responses may gain fields over time, so ignore the ones you do not know.`;

/** The whole document; pure and deterministic (call once and keep it). */
export function buildOpenApiDocument(): OpenApiDocument {
  const components = schemaComponents();
  const bff = bffOperations(components);
  // Sign-in first, then the catalogue in its order, then the BFF's other routes.
  const operations = [
    ...bff.filter(([path]) => path.startsWith("/api/v1/auth/")),
    ...ROUTES.map((route) => catalogueOperation(route, components)),
    notificationStreamOperation(components),
    ...bff.filter(([path]) => !path.startsWith("/api/v1/auth/")),
  ];

  const paths: Record<string, OpenApiPathItem> = {};
  const operationIds = new Set<string>();
  const tagNames: string[] = [AUTH_TAG];
  for (const [path, method, operation] of operations) {
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`${method.toUpperCase()} ${path} is documented twice`);
    if (operationIds.has(operation.operationId)) throw new Error(`operationId ${operation.operationId} is used twice`);
    operationIds.add(operation.operationId);
    item[method] = operation;
    for (const tag of operation.tags) if (!tagNames.includes(tag)) tagNames.push(tag);
  }
  for (const [path, item] of Object.entries(paths)) {
    paths[path] = Object.fromEntries(METHOD_ORDER.filter((method) => item[method]).map((method) => [method, item[method]]));
  }

  return {
    openapi: "3.1.1",
    info: { title: "Amia API", version: packageJson.version || "1.0.0", description: INFO_DESCRIPTION },
    tags: tagNames.map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    security: [{ [SECURITY_SCHEME]: [] }],
    paths,
    components: {
      schemas: Object.fromEntries(components.entries()),
      responses: Object.fromEntries([
        ...C.ERROR_CODES.map((code) => {
          const { name, description, example } = ERROR_RESPONSES[code];
          const response: OpenApiResponse = { description, content: jsonContent(components.ref("ErrorBody"), example) };
          if (code === "rate_limited") response.headers = { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
          return [name, response];
        }),
        ...Object.values(UPSTREAM_STATUSES).map(({ name, description }) => [
          name,
          { description, content: jsonContent(components.ref("ErrorBody"), ERROR_RESPONSES.upstream_unavailable.example) } satisfies OpenApiResponse,
        ]),
      ]),
      parameters: {
        IdempotencyKey: {
          name: C.IDEMPOTENCY_KEY_HEADER,
          in: "header",
          required: false,
          description: `One key per user action (a UUID from the client), the same on every retry of that action: a create repeated with the same key and body answers the first result and creates nothing new; with another body, 422 \`idempotency_key_reused\`. Keys are per user and live as long as what they created. ${C.MIN_IDEMPOTENCY_KEY_LENGTH} to ${C.MAX_IDEMPOTENCY_KEY_LENGTH} letters, digits, '-', '_', '.' or ':'; anything else is a 400 naming the header.`,
          schema: { type: "string", minLength: C.MIN_IDEMPOTENCY_KEY_LENGTH, maxLength: C.MAX_IDEMPOTENCY_KEY_LENGTH, pattern: "^[A-Za-z0-9._:-]+$" },
        },
        CsrfHeader: {
          name: CSRF_HEADER,
          in: "header",
          required: true,
          description: `Required on every state-changing request (POST, PATCH, PUT, DELETE), together with a same-origin \`Origin\` / \`Sec-Fetch-Site\`; without it the request is refused with 403. A cross-site form cannot set a custom header, so its presence proves the request came from our own scripts.`,
          schema: { type: "string", enum: [CSRF_HEADER_VALUE] },
        },
      },
      headers: {
        RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 0 } },
      },
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `The session cookie set at sign-in (HttpOnly, SameSite=Lax). State-changing requests also need the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header.`,
        },
      },
    },
  };
}
