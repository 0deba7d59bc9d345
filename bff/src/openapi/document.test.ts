import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import * as C from "@amia/contracts";
import { ROUTES } from "../routes/catalogue.ts";
import { CSRF_HEADER } from "../security/csrf.ts";
import { SESSION_COOKIE } from "../sessions/session-middleware.ts";
import {
  buildOpenApiDocument,
  METHOD_ORDER,
  FORBIDDEN_READS,
  NOT_FOUND_BY_BODY,
  operationIdFor,
  toOpenApiPath,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiResponse,
} from "./document.ts";
import type { JsonSchema } from "./json-schema.ts";

const document = buildOpenApiDocument();

/** The BFF's own operations, documented beside the catalogue's. */
const BFF_OPERATIONS = [
  "GET /api/v1/auth/login",
  "GET /api/v1/auth/callback",
  "POST /api/v1/auth/mfa/verify",
  "GET /api/v1/auth/session",
  "POST /api/v1/auth/logout",
  "GET /api/v1/notifications/stream",
  "GET /.well-known/jwks.json",
  "POST /api/v1/google/calendar/notifications",
  "GET /api/v1/openapi.json",
  "GET /api/v1/docs",
  "GET /healthz",
  "GET /readyz",
  "GET /metrics",
];

function operations(doc: OpenApiDocument = document): { key: string; path: string; method: string; operation: OpenApiOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHOD_ORDER.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ key: `${method.toUpperCase()} ${path}`, path, method, operation }] : [];
    }),
  );
}

function operation(method: string, path: string, doc: OpenApiDocument = document): OpenApiOperation {
  const found = doc.paths[path]?.[method.toLowerCase() as "get"];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
}

/** The whole document with every `$ref` replaced by what it points to (the validator's resolver). */
async function dereferenced(): Promise<OpenApiDocument> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
  if (!result.valid) throw new Error(JSON.stringify(result.errors));
  return validator.resolveRefs() as unknown as OpenApiDocument;
}

function jsonSchemaCompiler(): (schema: JsonSchema) => ValidateFunction {
  // Strict, except the lint against `required` naming a property declared beside (not inside) it:
  // `oneOf: [{required: ["date"]}, {required: ["date_time"]}]` is the standard idiom.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  ajvFormats.default(ajv); // a CommonJS module: its `default` export is `module.exports.default`
  return (schema) => ajv.compile(structuredClone(schema));
}

function requestBodySchema(doc: OpenApiDocument, method: string, path: string): JsonSchema {
  const schema = operation(method, path, doc).requestBody?.content["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${path} has no JSON body`);
  return schema;
}

function successSchema(doc: OpenApiDocument, method: string, path: string, status: string): JsonSchema {
  const response = operation(method, path, doc).responses[status] as OpenApiResponse | undefined;
  const schema = response?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${path} has no JSON ${status} body`);
  return schema;
}

function queryParameter(method: string, path: string, name: string): OpenApiParameter {
  const found = (operation(method, path).parameters ?? []).find(
    (parameter): parameter is OpenApiParameter => "name" in parameter && parameter.name === name && parameter.in === "query",
  );
  if (!found) throw new Error(`${method} ${path} has no query parameter ${name}`);
  return found;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and valid against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();

    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);

    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: "Amia API", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it("holds only schemas that compile as strict JSON Schema 2020-12", async () => {
    const doc = await dereferenced();
    const compile = jsonSchemaCompiler();
    const schemas: [string, JsonSchema][] = Object.entries(doc.components.schemas);
    for (const { key, operation: op } of operations(doc)) {
      for (const parameter of op.parameters ?? []) {
        if ("schema" in parameter) schemas.push([`${key} parameter ${parameter.name}`, parameter.schema]);
      }
      for (const media of Object.values(op.requestBody?.content ?? {})) schemas.push([`${key} body`, media.schema]);
      for (const [status, response] of Object.entries(op.responses)) {
        for (const media of Object.values((response as OpenApiResponse).content ?? {})) {
          schemas.push([`${key} ${status}`, media.schema]);
          if (media["x-event-data-schema"]) schemas.push([`${key} ${status} events`, media["x-event-data-schema"]]);
        }
      }
    }

    for (const [where, schema] of schemas) {
      expect(() => compile(schema), where).not.toThrow();
    }
    expect(schemas.length).toBeGreaterThan(100);
  });

  it("is the same, byte for byte, every time it is built", () => {
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(document));
  });

  it("documents every catalogue route exactly once, with its method and an OpenAPI path", () => {
    const documented = operations().map(({ key }) => key);

    for (const route of ROUTES) {
      const key = `${route.method} ${toOpenApiPath(route.path)}`;
      expect(documented.filter((candidate) => candidate === key), key).toHaveLength(1);
      expect(operation(route.method, toOpenApiPath(route.path)).tags).toEqual([route.tag]);
    }
    expect(documented).toHaveLength(ROUTES.length + BFF_OPERATIONS.length);
    expect(documented).toEqual(expect.arrayContaining(BFF_OPERATIONS));
    expect(Object.keys(document.paths).filter((path) => path.includes(":"))).toEqual([]);
    expect(document.paths["/api/v1/event-requests/{id}"]).toHaveProperty("patch");
  });

  it("documents each catalogue route's path parameters, query parameters and body as its contract declares them", () => {
    const shapeKeys = (schema: unknown): string[] => Object.keys(((schema as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape ?? {}) as object);
    for (const route of ROUTES) {
      const key = `${route.method} ${route.path}`;
      const op = operation(route.method, toOpenApiPath(route.path));
      const parameters = (op.parameters ?? []).filter((p): p is OpenApiParameter => "in" in p);
      expect(parameters.filter((p) => p.in === "path").map((p) => p.name), key).toEqual([...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]));
      expect(parameters.filter((p) => p.in === "query").map((p) => p.name).sort(), key).toEqual(shapeKeys(route.query).sort());
      for (const parameter of parameters.filter((p) => p.in === "query")) {
        // Required exactly when the contract refuses the query without it.
        const without = (route.query as { safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }).safeParse({});
        const isMissed = !without.success && (without.error?.issues ?? []).some((issue) => issue.path[0] === parameter.name);
        expect(parameter.required, `${key} ?${parameter.name}`).toBe(isMissed);
      }
      expect(op.requestBody !== undefined, key).toBe(route.body !== undefined);
      if (route.body) {
        const body = op.requestBody?.content["application/json"]?.schema as JsonSchema;
        const properties = Object.keys(((body.$ref ? document.components.schemas[String(body.$ref).split("/").pop() ?? ""] : body)?.properties ?? {}) as object);
        expect(properties.sort(), key).toEqual(shapeKeys(route.body).sort());
      }
    }
  });

  it("says where the server checks more than JSON Schema can: at least one field, an end after its start", async () => {
    const doc = await dereferenced();
    for (const [method, path] of [["PATCH", "/api/v1/event-requests/{id}"], ["PATCH", "/api/v1/recipes/{id}"], ["PATCH", "/api/v1/recipes/ingredients/{id}"], ["PATCH", "/api/v1/users/me/settings"]] as const) {
      expect(requestBodySchema(doc, method, path).minProperties, `${method} ${path}`).toBe(1);
    }
    expect(requestBodySchema(doc, "PATCH", "/api/v1/relationships/{id}").minProperties).toBeUndefined();
    expect(requestBodySchema(doc, "POST", "/api/v1/calendar/free-busy").description).toMatch(/timeMax is after timeMin/);
    expect(requestBodySchema(doc, "POST", "/api/v1/event-requests").description).toMatch(/end_date is not before start_date/);
    expect(requestBodySchema(doc, "POST", "/api/v1/auth/mfa/verify")).toMatchObject({ oneOf: [{ required: ["code"] }, { required: ["recovery_code"] }], additionalProperties: false });
  });

  it("names path parameters as declared in the path, required", () => {
    for (const { key, path, operation: op } of operations()) {
      const declared = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const documented = (op.parameters ?? []).filter((p): p is OpenApiParameter => "in" in p && p.in === "path");
      expect(documented.map((p) => p.name), key).toEqual(declared);
      for (const parameter of documented) expect(parameter.required, key).toBe(true);
    }
  });

  it("gives every operation a unique operationId, a summary and a tag that is declared", () => {
    const ids = operations().map(({ operation: op }) => op.operationId);
    const tagNames = document.tags.map((tag) => tag.name);

    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, operation: op } of operations()) {
      expect(op.summary, key).not.toBe("");
      expect(tagNames, key).toEqual(expect.arrayContaining(op.tags));
    }
    expect(tagNames).toEqual(expect.arrayContaining([...new Set(ROUTES.map((route) => route.tag))]));
    expect(operationIdFor("get", "/api/v1/event-requests/{id}/with-approvers")).toBe("getEventRequestsByIdWithApprovers");
  });

  it("describes every parameter", () => {
    for (const { key, operation: op } of operations()) {
      for (const parameter of op.parameters ?? []) {
        if ("name" in parameter) expect(parameter.description, `${key} ${parameter.name}`).toMatch(/\w/);
      }
    }
  });

  it("requires start_date and end_date to create an event request, each in the date / date_time / time_zone forms", async () => {
    const doc = await dereferenced();
    const body = requestBodySchema(doc, "POST", "/api/v1/event-requests");
    const startDate = (body.properties as Record<string, JsonSchema>).start_date;

    expect(operation("POST", "/api/v1/event-requests").requestBody?.required).toBe(true);
    expect(body.required).toEqual(expect.arrayContaining(["start_date", "end_date"]));
    expect(Object.keys(startDate?.properties as object)).toEqual(["date", "date_time", "time_zone"]);
    expect(startDate?.required).toEqual(["time_zone"]);
    expect(startDate?.oneOf).toEqual([{ required: ["date"] }, { required: ["date_time"] }]);
    expect(requestBodySchema(document, "POST", "/api/v1/event-requests").properties).toMatchObject({
      start_date: { $ref: "#/components/schemas/EventDate" },
    });
  });

  it("documents a create body that accepts and refuses what the contract does (where JSON Schema can tell)", async () => {
    const validate = jsonSchemaCompiler()(requestBodySchema(await dereferenced(), "POST", "/api/v1/event-requests"));
    const lisbon = (date: Record<string, string>) => ({ ...date, time_zone: "Europe/Lisbon" });
    const accepted = [
      { start_date: lisbon({ date: "2026-03-11" }), end_date: lisbon({ date: "2026-03-12" }) },
      {
        title: "Lunch",
        start_date: lisbon({ date_time: "2026-03-11T12:00" }),
        end_date: lisbon({ date_time: "2026-03-11T13:00:00Z" }),
        approvers: [{ user_id: "u-1", required: true }],
      },
    ];
    const refused = [
      { start_date: lisbon({ date: "2026-03-11" }) },
      { start_date: lisbon({ date: "2026-03-11", date_time: "2026-03-11T12:00" }), end_date: lisbon({ date: "2026-03-12" }) },
      { start_date: lisbon({}), end_date: lisbon({ date: "2026-03-12" }) },
      { start_date: { date: "2026-03-11" }, end_date: lisbon({ date: "2026-03-12" }) },
      { start_date: lisbon({ date_time: "11/03/2026 12:00" }), end_date: lisbon({ date: "2026-03-12" }) },
      { start_date: lisbon({ date: "2026-03-11" }), end_date: lisbon({ date: "2026-03-12" }), importance_level: 9 },
    ];

    for (const body of accepted) {
      expect(C.ZCreateEventRequestBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    }
    for (const body of refused) {
      expect(C.ZCreateEventRequestBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
      expect(validate(body), JSON.stringify(body)).toBe(false);
    }
  });

  it("documents a response schema that a real response satisfies", async () => {
    const validate = jsonSchemaCompiler()(successSchema(await dereferenced(), "GET", "/api/v1/event-requests/{id}", "200"));
    const response = C.ZEventRequestResponseSchema.parse({
      event_request: {
        id: "er-1",
        title: null,
        description: null,
        location: "Lisbon",
        notes: null,
        start_date: { date: "2026-03-11", time_zone: "Europe/Lisbon" },
        end_date: { date: "2026-03-11", time_zone: "Europe/Lisbon" },
        importance_level: 1,
        status: "pending",
        approval_status: "pending",
        requested_approvals: 1,
        completed_count: 0,
        approvers: [
          { id: "a-1", user_id: "u-2", required: true, status: "pending", response_notes: null, responded_at: null, full_name: "Ana Silva" },
        ],
        created_by: "u-1",
        created_at: "2026-03-01T10:00:00.000Z",
        updated_at: "2026-03-01T10:00:00+01:00",
        google_event_id: null,
      },
    });

    expect(validate(response), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ event_request: { ...response.event_request, status: "archived" } })).toBe(false);
  });

  it('documents the notifications query booleans as "true" / "false" and take with its default of 50', () => {
    const isRead = queryParameter("GET", "/api/v1/notifications", "is_read");
    const isDeleted = queryParameter("GET", "/api/v1/notifications", "is_deleted");
    const take = queryParameter("GET", "/api/v1/notifications", "take");

    expect(isRead).toMatchObject({ required: false, schema: { type: "string", enum: ["true", "false"] } });
    expect(isDeleted).toMatchObject({ required: false, schema: { type: "string", enum: ["true", "false"], default: "false" } });
    expect(take).toMatchObject({ required: false, schema: { type: "integer", default: 50, minimum: 0, maximum: 100 } });
    expect(queryParameter("GET", "/api/v1/relationships", "take").schema.default).toBe(10);
  });

  it("says which query parameters may be sent empty (an empty one counts as left out), asking the contract", () => {
    expect(queryParameter("GET", "/api/v1/notifications", "take").allowEmptyValue).toBe(true);
    expect(queryParameter("GET", "/api/v1/event-requests", "importance_level").allowEmptyValue).toBe(true);
    expect(queryParameter("GET", "/api/v1/notifications", "is_read").allowEmptyValue).toBeUndefined();
    expect(queryParameter("GET", "/api/v1/recipes/search", "q").allowEmptyValue).toBeUndefined();
  });

  it("marks required query parameters as required", () => {
    expect(queryParameter("GET", "/api/v1/ai-usage/cost", "startDate").required).toBe(true);
    expect(queryParameter("GET", "/api/v1/ai-usage/cost", "timeZone").required).toBe(false);
    expect(queryParameter("GET", "/api/v1/recipes/search", "q").required).toBe(true);
  });

  it("requires a request body only where the contract refuses an absent one", () => {
    expect(operation("POST", "/api/v1/notifications/mark-all-read").requestBody?.required).toBe(false);
    expect(operation("PATCH", "/api/v1/notifications/{id}").requestBody?.required).toBe(true);
    expect(operation("POST", "/api/v1/relationship-requests/{id}/approve").requestBody).toBeUndefined();
  });

  it("gives 204 routes a 204 with no body, and other routes their success status with a body", () => {
    for (const route of ROUTES) {
      const responses = operation(route.method, toOpenApiPath(route.path)).responses;
      const success = responses[String(route.success.status)] as OpenApiResponse | undefined;
      const key = `${route.method} ${route.path}`;

      expect(success, key).toBeDefined();
      if (route.success.status === 204) expect(success?.content, key).toBeUndefined();
      else expect(Object.keys(success?.content ?? {}), key).toEqual([route.isStream ? "text/event-stream" : "application/json"]);
    }
    expect(Object.keys(operation("POST", "/api/v1/event-requests").responses)[0]).toBe("201");
  });

  it("documents on each catalogue route the errors it can answer, with the shared ErrorBody", () => {
    const errorsOf = (method: string, path: string) => Object.keys(operation(method, path).responses).filter((status) => status >= "400");
    const names: Record<string, string> = { "400": "ValidationFailed", "401": "Unauthorized", "403": "Forbidden", "404": "NotFound", "409": "Conflict", "413": "PayloadTooLarge", "415": "UnsupportedMediaType", "422": "IdempotencyKeyReused", "429": "RateLimited", "500": "Internal", "502": "UpstreamFailed", "503": "UpstreamUnavailable", "504": "UpstreamTimeout" };

    for (const route of ROUTES) {
      const key = `${route.method} ${route.path}`;
      const responses = operation(route.method, toOpenApiPath(route.path)).responses;
      const statuses = errorsOf(route.method, toOpenApiPath(route.path));
      for (const status of statuses) expect(responses[status], `${key} ${status}`).toEqual({ $ref: `#/components/responses/${names[status]}` });
      // Everyone: no session, a failure on our side, a service that does not answer.
      expect(statuses, key).toEqual(expect.arrayContaining(["401", "500", "502", "503", "504"]));
      // A change passes the CSRF check and the write limit, may meet a state that forbids it, and has any body read.
      if (route.method !== "GET") expect(statuses, key).toEqual(expect.arrayContaining(["400", "403", "409", "413", "415", "429"]));
      else expect(statuses.filter((status) => ["409", "413", "415"].includes(status)), key).toEqual([]);
      // Only an id in the path can miss, but for the routes that name an id in their body.
      expect(statuses.includes("404"), key).toBe(route.path.includes("/:") || NOT_FOUND_BY_BODY.has(key));
      // Only a create that honours an Idempotency-Key takes the header and can refuse a reused key.
      expect(statuses.includes("422"), key).toBe(route.idempotency === "key");
      const takesKey = (operation(route.method, toOpenApiPath(route.path)).parameters ?? []).some((parameter) => "$ref" in parameter && parameter.$ref === "#/components/parameters/IdempotencyKey");
      expect(takesKey, key).toBe(route.idempotency === "key");
    }
    // Every create the web app makes honours a key.
    for (const create of ["POST /api/v1/event-requests", "POST /api/v1/relationship-requests", "POST /api/v1/relationships", "POST /api/v1/notifications", "POST /api/v1/recipes"]) {
      expect(ROUTES.find((route) => `${route.method} ${route.path}` === create)?.idempotency, create).toBe("key");
    }
    // A read with nothing to check and nothing to miss: only the answers everyone can get.
    expect(errorsOf("GET", "/api/v1/users/me")).toEqual(["401", "500", "502", "503", "504"]);
    expect(errorsOf("GET", "/api/v1/calendar/admin/jobs")).toEqual(["401", "403", "500", "502", "503", "504"]);
    expect(errorsOf("GET", "/api/v1/notifications")).toEqual(["400", "401", "500", "502", "503", "504"]);
    expect(errorsOf("POST", "/api/v1/agent/commands/chat")).toContain("404");
    // Every limit a route counts against is said in words (a rule without words would show its name).
    for (const route of ROUTES) expect(operation(route.method, toOpenApiPath(route.path)).description, `${route.method} ${route.path}`).not.toMatch(/\b[\w-]+:(user|ip)\b/);
    expect(operation("POST", "/api/v1/agent/commands/chat").description).toContain("chat limit");
    expect(operation("POST", "/api/v1/agent/commands/chat").description).not.toContain("limit on changes");
    expect(operation("POST", "/api/v1/relationship-requests").description).toContain("relationship requests");
    // Each exception still names a catalogue route.
    for (const key of [...FORBIDDEN_READS, ...NOT_FOUND_BY_BODY]) expect(ROUTES.some((route) => `${route.method} ${route.path}` === key), key).toBe(true);
    expect(document.components.schemas.ErrorBody).toEqual({
      type: "object",
      properties: { message: { type: "string" }, code: { type: "string" }, details: {} },
      required: ["message", "code"],
    });
    for (const response of Object.values(document.components.responses)) {
      expect(response.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/ErrorBody" });
      expect(C.ZErrorBodySchema.safeParse(response.content?.["application/json"]?.example).success).toBe(true);
    }
    expect(document.components.responses.RateLimited?.headers).toEqual({ "Retry-After": { $ref: "#/components/headers/RetryAfter" } });
    expect(document.components.responses.ValidationFailed?.content?.["application/json"]?.example).toMatchObject({ code: "validation_failed" });
  });

  it("documents streams as text/event-stream with the schema of each event", () => {
    const chat = operation("POST", "/api/v1/agent/commands/chat").responses["200"] as OpenApiResponse;
    const live = operation("GET", "/api/v1/notifications/stream").responses["200"] as OpenApiResponse;

    expect(chat.content?.["text/event-stream"]?.["x-event-data-schema"]).toEqual({ $ref: "#/components/schemas/ChatStreamEvent" });
    expect(live.content?.["text/event-stream"]?.["x-event-data-schema"]).toEqual({ $ref: "#/components/schemas/Notification" });
  });

  it("secures everything with the session cookie except sign-in, the keys, Google's webhook, this document and the probes, and asks for the CSRF header on state-changing methods but Google's", () => {
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: SESSION_COOKIE });
    expect(document.security).toEqual([{ sessionCookie: [] }]);
    expect(document.components.parameters.CsrfHeader).toMatchObject({ name: CSRF_HEADER, in: "header", required: true, schema: { enum: ["1"] } });

    const publicOperations = operations()
      .filter(({ operation: op }) => op.security?.length === 0)
      .map(({ key }) => key);
    expect(publicOperations).toEqual([
      "GET /api/v1/auth/login",
      "GET /api/v1/auth/callback",
      "POST /api/v1/auth/mfa/verify",
      "GET /.well-known/jwks.json",
      "POST /api/v1/google/calendar/notifications",
      "GET /api/v1/openapi.json",
      "GET /api/v1/docs",
      "GET /healthz",
      "GET /readyz",
      "GET /metrics",
    ]);

    for (const { key, method, operation: op } of operations()) {
      const hasCsrf = (op.parameters ?? []).some((p) => "$ref" in p && p.$ref === "#/components/parameters/CsrfHeader");
      // Google sends no CSRF header; its channel token is what the webhook checks.
      expect(hasCsrf, key).toBe(method !== "get" && key !== "POST /api/v1/google/calendar/notifications");
    }
  });

  it("puts the entities in components and refers to them", () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["ErrorBody", "EventDate", "EventRequest", "Approver", "Notification", "Recipe", "RelationshipRequest", "SessionUser"]),
    );
    expect(successSchema(document, "GET", "/api/v1/notifications", "200")).toMatchObject({
      properties: { notifications: { type: "array", items: { $ref: "#/components/schemas/Notification" } } },
    });
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const [, kind, name] = /#\/components\/(\w+)\/(\w+)/.exec(ref) ?? [];
      expect((document.components as Record<string, Record<string, unknown>>)[kind ?? ""]?.[name ?? ""], ref).toBeDefined();
    }
  });
});

describe("toOpenApiPath", () => {
  it("turns Hono parameters into OpenAPI ones", () => {
    expect(toOpenApiPath("/api/v1/recipes/:id/ingredients")).toBe("/api/v1/recipes/{id}/ingredients");
    expect(toOpenApiPath("/api/v1/things/:thing_id{[0-9]+}/parts/:part?")).toBe("/api/v1/things/{thing_id}/parts/{part}");
    expect(toOpenApiPath("/api/v1/users/me")).toBe("/api/v1/users/me");
  });
});
