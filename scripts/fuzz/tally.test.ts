import { describe, expect, it } from "vitest";
import { inlineRefs, operationsOf, pathMatcher, routeKeyOf, UNDOCUMENTED, type OpenApiDocument } from "./operations.ts";
import { classOf, formatTable, Tally } from "./tally.ts";

describe("counting statuses per route", () => {
  it("sorts statuses into classes, a missing answer as an error", () => {
    expect([200, 204, 302, 400, 404, 429, 500, 503, "error" as const].map(classOf)).toEqual(["2xx", "2xx", "3xx", "4xx", "4xx", "4xx", "5xx", "5xx", "error"]);
  });

  it("counts per route and overall, and lists a documented route that got nothing", () => {
    const tally = new Tally();
    tally.add("GET /a", 200);
    tally.add("GET /a", 404);
    tally.add("GET /a", 404);
    tally.add("PUT /a", 500);
    const other = new Tally();
    other.add("GET /a", "error");
    tally.merge(other);

    expect(tally.counts("GET /a")).toEqual({ "2xx": 1, "3xx": 0, "4xx": 2, "5xx": 0, error: 1 });
    expect(tally.statuses("GET /a")).toBe("200×1 404×2 error×1");
    expect(tally.total()).toEqual({ "2xx": 1, "3xx": 0, "4xx": 2, "5xx": 1, error: 1 });
    const table = formatTable(tally, ["GET /a", "GET /b"]).split("\n");
    expect(table[2]).toMatch(/^GET \/a\s+1\s+0\s+2\s+0\s+1\s+4$/);
    expect(table[3]).toMatch(/^GET \/b\s+0\s+0\s+0\s+0\s+0\s+0$/);
    expect(table[4]).toMatch(/^PUT \/a\s+0\s+0\s+0\s+1\s+0\s+1$/);
    expect(table.at(-1)).toMatch(/^all routes\s+1\s+0\s+2\s+1\s+1\s+5$/);
  });
});

describe("reading the OpenAPI document", () => {
  const document: OpenApiDocument = {
    paths: {
      "/api/v1/items": { get: { parameters: [{ name: "take", in: "query", required: false, schema: { type: "integer" } }] } },
      "/api/v1/items/with-counts": { get: {} },
      "/api/v1/items/{id}": {
        patch: {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, { $ref: "#/components/parameters/Csrf" }],
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } } },
        },
      },
      "/login": { get: { security: [] } },
    },
    components: {
      schemas: { Item: { type: "object", properties: { when: { $ref: "#/components/schemas/When" } }, examples: [{ $ref: "not a schema" }] }, When: { type: "string", format: "date" } },
      parameters: { Csrf: { name: "x-csrf", in: "header", required: true, schema: { type: "string" } } },
    },
  };

  it("lists operations with their query parameters and inlined body", () => {
    const operations = operationsOf(document);
    expect(operations.map((operation) => operation.key)).toEqual(["GET /api/v1/items", "GET /api/v1/items/with-counts", "PATCH /api/v1/items/{id}", "GET /login"]);
    expect(operations[0]?.query).toEqual([{ name: "take", isRequired: false, schema: { type: "integer" } }]);
    expect(operations[2]).toMatchObject({
      pathParameters: ["id"],
      body: { isRequired: true, schema: { type: "object", properties: { when: { type: "string", format: "date" } }, examples: [{ $ref: "not a schema" }] } },
      isPublic: false,
    });
    expect(operations[3]?.isPublic).toBe(true);
    expect(() => inlineRefs({ $ref: "#/components/schemas/Nope" }, document)).toThrow(/unknown reference/);
  });

  it("counts a request under its documented route, a literal segment before a parameter", () => {
    const match = pathMatcher(Object.keys(document.paths));
    const documented = new Set(operationsOf(document).map((operation) => operation.key));
    expect(routeKeyOf("get", "http://h/api/v1/items/with-counts?x=1", match, documented)).toBe("GET /api/v1/items/with-counts");
    expect(routeKeyOf("PATCH", "http://h/api/v1/items/abc", match, documented)).toBe("PATCH /api/v1/items/{id}");
    expect(routeKeyOf("PATCH", "http://h/api/v1/items/%", match, documented)).toBe("PATCH /api/v1/items/{id}");
    expect(routeKeyOf("GET", "http://h/api/v1/items/abc", match, documented)).toBe(`GET ${UNDOCUMENTED}`);
    expect(routeKeyOf("GET", "http://h/api/v1/items/a/b", match, documented)).toBe(`GET ${UNDOCUMENTED}`);
  });
});
