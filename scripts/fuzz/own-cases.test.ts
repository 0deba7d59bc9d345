import { describe, expect, it } from "vitest";
import { operationsOf, type OpenApiDocument } from "./operations.ts";
import { fieldKindOf, ownCases, sampleOf } from "./own-cases.ts";

const eventDate = {
  type: "object",
  properties: { date: { type: "string", format: "date" }, date_time: { type: "string" }, time_zone: { type: "string", enum: ["UTC"] } },
  required: ["time_zone"],
  examples: [{ date: "2026-03-11", time_zone: "UTC" }],
};
const document: OpenApiDocument = {
  paths: {
    "/api/v1/things": {
      post: {
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { title: { type: "string", minLength: 1 }, start_date: eventDate }, required: ["title", "start_date"] } } },
        },
      },
      get: { parameters: [{ name: "since", in: "query", required: true, schema: { type: "string", format: "date" } }] },
    },
    "/api/v1/things/{id}": { delete: { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] } },
    "/api/v1/auth/logout": { post: {} },
  },
};
const cases = ownCases(operationsOf(document), { bodyLimitBytes: 1_000, idFor: () => "thing-1", last: ["POST /api/v1/auth/logout"] });
const of = (operation: string) => cases.filter((testCase) => testCase.operation === operation);

describe("our own fuzz cases", () => {
  it("send the documented request first, with a valid body built from the schema", () => {
    expect(sampleOf({ type: "object", properties: { title: { type: "string", minLength: 1 }, start_date: eventDate }, required: ["title", "start_date"] })).toEqual({
      title: "fuzz",
      start_date: { date: "2026-03-11", time_zone: "UTC" },
    });
    expect(of("POST /api/v1/things")[0]).toMatchObject({ label: "as documented", method: "POST", target: "/api/v1/things", body: '{"title":"fuzz","start_date":{"date":"2026-03-11","time_zone":"UTC"}}' });
    expect(of("GET /api/v1/things")[0]).toMatchObject({ label: "as documented", target: "/api/v1/things?since=2026-03-11" });
  });

  it("go just past the body limit expecting 413, and nest JSON deep inside a field and as the body", () => {
    const over = of("POST /api/v1/things").find((testCase) => testCase.label === "body just over the limit");
    const under = of("POST /api/v1/things").find((testCase) => testCase.label === "body just under the limit");
    expect(over?.expected).toBe(413);
    expect(Buffer.byteLength(over?.body ?? "")).toBe(2_024);
    expect(Buffer.byteLength(under?.body ?? "")).toBeLessThanOrEqual(1_000);
    const deep = of("POST /api/v1/things").find((testCase) => testCase.label === "array nested 50000 deep in title");
    expect(deep?.body?.startsWith('{"title":[[[[')).toBe(true);
    expect(deep?.expected).toBe(400);
  });

  it("keep __proto__ a key on the wire, at the top and inside objects", () => {
    const bodies = of("POST /api/v1/things").map((testCase) => testCase.body ?? "");
    expect(bodies).toContain('{"__proto__":{"polluted":"fuzz-polluted","isAdmin":true,"user_id":"someone-else"},"title":"fuzz","start_date":{"date":"2026-03-11","time_zone":"UTC"}}');
    expect(bodies.some((body) => body.includes('"start_date":{"constructor":{"prototype":'))).toBe(true);
  });

  it("try other content types (415), bad dates and zones where the schema has them, and odd query values", () => {
    expect(of("POST /api/v1/things").find((testCase) => testCase.label === "content-type text/plain")).toMatchObject({ expected: 415, headers: { "content-type": "text/plain" } });
    expect(fieldKindOf(eventDate)).toBe("eventDate");
    expect(of("POST /api/v1/things").some((testCase) => testCase.body?.includes('"date":"2026-02-30"'))).toBe(true);
    expect(of("GET /api/v1/things").some((testCase) => testCase.target === "/api/v1/things?since=2026-02-30")).toBe(true);
    expect(of("GET /api/v1/things").some((testCase) => testCase.target.includes("since[$ne]=1"))).toBe(true);
  });

  it("fill {id} with the seeded id or a hostile one, delete late and sign out last", () => {
    expect(of("DELETE /api/v1/things/{id}").map((testCase) => testCase.target)).toEqual(expect.arrayContaining(["/api/v1/things/thing-1", "/api/v1/things/%", "/api/v1/things/%2e%2e%2f%2e%2e%2fetc%2fpasswd"]));
    const firstDelete = cases.findIndex((testCase) => testCase.method === "DELETE");
    const lastOther = cases.findLastIndex((testCase) => testCase.method !== "DELETE" && testCase.operation !== "POST /api/v1/auth/logout");
    expect(lastOther).toBeLessThan(firstDelete);
    expect(cases.at(-1)?.operation).toBe("POST /api/v1/auth/logout");
    // Side by side, two cases are of different operations.
    expect(cases[0]?.operation).not.toBe(cases[1]?.operation);
  });
});
