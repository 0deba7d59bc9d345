import type { DocOperation, JsonSchema } from "./operations.ts";

/*
 * The requests schemathesis cannot make from the document, for every operation: bodies just
 * under and just over the size limit, JSON nested a hundred thousand deep, `__proto__` /
 * `constructor` / `prototype` keys, bodies in other content types or not JSON at all, impossible
 * dates and unknown time zones, very long and odd unicode strings, wrong types, hostile ids and
 * query values, methods the API does not have. Each is a raw request (the body a string, so
 * `__proto__` stays a key and a lone surrogate stays an escape). Pure: run.ts sends them.
 */

export interface OwnCase {
  /** The operation it is about, `METHOD /path/{id}` (what the tally counts it under). */
  operation: string;
  /** What the case tries, for the report. */
  label: string;
  method: string;
  /** Path and query, already encoded as they go on the wire. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  /** The status the API should answer, when one is certain (a mismatch is reported, not failed). */
  expected?: number;
}

export interface CaseOptions {
  /** The body limit of the BFF and the services (BODY_LIMIT_BYTES). */
  bodyLimitBytes: number;
  /** Real ids for `{id}` by path (seeded resources); anything else gets a made-up id. */
  idFor: (operation: DocOperation) => string;
  /** Operations whose cases go after all others (sign-out ends the session the others use). */
  last?: readonly string[];
}

const JSON_TYPE = { "content-type": "application/json" };

/** Strings that have broken parsers, loggers, databases and templates somewhere. */
const ODD_STRINGS: readonly string[] = [
  "",
  " ",
  "x".repeat(100_000),
  "🎉".repeat(20_000),
  "e\u0301".repeat(2_000),
  "\u0000",
  "a\u0000b",
  "\u202eevil\u202c",
  "\ufeffbom",
  "\u200b\u200c\u200d",
  "ｆｕｌｌｗｉｄｔｈ",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦 ✈️",
  "<script>alert(1)</script>",
  "{{7*7}} ${7*7} #{7*7}",
  "' OR '1'='1' --",
  '{"$gt": ""}',
  "%s%n%x%d",
  "\r\nSet-Cookie: x=1",
  "../../../../etc/passwd",
];

/** Lone surrogates cannot be held in a well-formed JS string sent as UTF-8: written as JSON escapes. */
const RAW_JSON_STRINGS: readonly string[] = ['"\\ud800"', '"\\udfff\\ud800"', '"a\\u0000"'];

/** Values of the wrong type for any field. */
const WRONG_TYPES: readonly unknown[] = [null, 0, -1, 1.5, 1e308, true, [], {}, "1", ["a"], { $ne: null }];

const BAD_DAYS: readonly string[] = ["2026-02-30", "2026-02-29", "2026-13-01", "2026-00-10", "0000-01-01", "9999-12-31", "+275760-09-13", "-000001-01-01", "2026-3-1", "20260311", "yesterday", ""];
const BAD_DATE_TIMES: readonly string[] = [
  "2026-03-11T24:00",
  "2026-03-11T23:60",
  "2026-06-30T23:59:60Z",
  "2026-03-11T12:00:00+25:00",
  "2026-03-11T12:00:00.1234567891Z",
  "9999-12-31T23:59:59.999999999+14:00",
  "+275760-09-13T00:00:00Z",
  "275760-09-14T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "2026-03-11 12:00",
  "2026-03-11T12:00:00z",
  "1e20",
  "",
];
const BAD_TIME_ZONES: readonly string[] = ["Mars/Olympus", "UTC+5", "+05:00", "GMT+25", "", "  ", "../../etc/passwd", "Europe/Lisbon\u0000", "europe/lisbon", "x".repeat(10_000), "Etc/GMT+14", "🎉"];

/** A schema-valid value for `schema`, as small as the schema allows (examples first). */
export function sampleOf(schema: JsonSchema, seed = 0): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const usable = (options as JsonSchema[]).find((option) => option.type !== "null" && Object.keys(option).some((name) => name !== "required"));
      if (usable) return sampleOf({ ...schema, [key]: undefined, ...usable }, seed);
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(required.filter((name) => properties[name]).map((name) => [name, sampleOf(properties[name]!, seed)]));
    }
    case "array": {
      const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
      return Array.from({ length: minItems }, () => sampleOf((schema.items ?? {}) as JsonSchema, seed));
    }
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "string":
      return sampleString(schema, seed);
    default:
      return {};
  }
}

function sampleString(schema: JsonSchema, seed: number): string {
  if (schema.format === "email") return `fuzz-${seed}@example.com`;
  if (schema.format === "date") return "2026-03-11";
  if (schema.format === "date-time") return "2026-03-11T12:00:00Z";
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 1;
  return "fuzz".padEnd(minLength, "z");
}

type FieldKind = "eventDate" | "day" | "dateTime" | "dateBound" | "timeZone" | "string" | "other";

/** What sort of value a property holds, read from its schema (and, for zones, its examples). */
export function fieldKindOf(schema: JsonSchema): FieldKind {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties && "date" in properties && "date_time" in properties && "time_zone" in properties) return "eventDate";
  const alternatives = [schema, ...((schema.anyOf as JsonSchema[] | undefined) ?? [])];
  for (const candidate of alternatives) {
    if (candidate.format === "date") return "day";
    if (candidate.format === "date-time") return "dateTime";
    const examples = JSON.stringify(candidate.examples ?? "");
    if (examples.includes("Europe/Lisbon")) return "timeZone";
    if (examples.includes("2026-03-01T09:00:00Z")) return "dateBound";
  }
  return alternatives.some((candidate) => candidate.type === "string" || (Array.isArray(candidate.type) && candidate.type.includes("string"))) ? "string" : "other";
}

function badValuesFor(kind: FieldKind): unknown[] {
  switch (kind) {
    case "eventDate":
      return [
        ...BAD_DAYS.map((date) => ({ date, time_zone: "Europe/Lisbon" })),
        ...BAD_DATE_TIMES.map((date_time) => ({ date_time, time_zone: "Europe/Lisbon" })),
        ...BAD_TIME_ZONES.map((time_zone) => ({ date_time: "2026-03-11T12:00", time_zone })),
        // A wall time Lisbon's clocks skip (spring forward) and one they show twice (fall back).
        { date_time: "2026-03-29T01:30", time_zone: "Europe/Lisbon" },
        { date_time: "2026-10-25T01:30", time_zone: "Europe/Lisbon" },
        { date: "2026-03-11", date_time: "2026-03-11T12:00", time_zone: "UTC" },
        { time_zone: "UTC" },
        { date: 20260311, time_zone: "UTC" },
        { date_time: "2026-03-11T12:00" },
      ];
    case "day":
      return [...BAD_DAYS, ...BAD_DATE_TIMES.slice(0, 4)];
    case "dateTime":
    case "dateBound":
      return [...BAD_DATE_TIMES, ...BAD_DAYS.slice(0, 6)];
    case "timeZone":
      return [...BAD_TIME_ZONES];
    default:
      return [];
  }
}

function withQuery(path: string, query: string): string {
  return query === "" ? path : `${path}?${query}`;
}

/** The operation's path with `{id}` (and any other parameter) filled. */
function concretePath(operation: DocOperation, id: string): string {
  return operation.path.replace(/\{[^}]+\}/g, id);
}

/** A query string with every required parameter at a valid value. */
function baseQuery(operation: DocOperation): URLSearchParams {
  const query = new URLSearchParams();
  for (const parameter of operation.query) if (parameter.isRequired) query.set(parameter.name, String(sampleOf(parameter.schema)));
  return query;
}

/** `body` as JSON with `field` holding raw JSON text (deep nesting, lone surrogates, `__proto__` inside). */
function withRaw(body: Record<string, unknown>, field: string, raw: string): string {
  const marker = `__fuzz_raw_${field}__`;
  return JSON.stringify({ ...body, [field]: marker }).replace(JSON.stringify(marker), raw);
}

/** The raw JSON of `value` with `"key": <raw>` put first (a key JSON.stringify would never write). */
function withRawKey(baseJson: string, key: string, raw: string): string {
  return baseJson === "{}" ? `{${JSON.stringify(key)}:${raw}}` : `{${JSON.stringify(key)}:${raw},${baseJson.slice(1)}`;
}

export function ownCases(operations: readonly DocOperation[], options: CaseOptions): OwnCase[] {
  const cases: OwnCase[] = [];
  const methodsSeen = new Set<string>();

  for (const operation of operations) {
    const id = options.idFor(operation);
    const path = concretePath(operation, encodeURIComponent(id));
    const query = baseQuery(operation).toString();
    const target = withQuery(path, query);
    const push = (label: string, request: Omit<OwnCase, "operation" | "label">) => cases.push({ operation: operation.key, label, ...request });
    const body = operation.body ? (sampleOf(operation.body.schema, cases.length) as Record<string, unknown>) : undefined;
    const bodyJson = body === undefined ? undefined : JSON.stringify(body);
    const send = (label: string, json: string, expected?: number, extraHeaders: Record<string, string> = {}) =>
      push(label, { method: operation.method, target, headers: { ...JSON_TYPE, ...extraHeaders }, body: json, ...(expected === undefined ? {} : { expected }) });

    // The request as documented (required parameters and the smallest valid body).
    push("as documented", { method: operation.method, target, headers: bodyJson ? JSON_TYPE : {}, ...(bodyJson ? { body: bodyJson } : {}) });

    // Hostile ids in the path.
    if (operation.pathParameters.length > 0) {
      const ids = ["a".repeat(129), "a".repeat(4_000), "%", "%E0%A4%A", "%00", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "..", "%24ne", "%7B%22%24gt%22%3A%22%22%7D", "null", "-1", "0", "%F0%9F%8E%89", "%C0%AF", "a%20b", "'%20OR%201=1%20--"];
      for (const raw of ids) push(`id ${raw.slice(0, 20)}`, { method: operation.method, target: withQuery(concretePath(operation, raw), query), headers: bodyJson ? JSON_TYPE : {}, ...(bodyJson ? { body: bodyJson } : {}) });
    }

    // Odd query values, one parameter at a time, and operators smuggled as brackets or repeats.
    for (const parameter of operation.query) {
      const kind = fieldKindOf(parameter.schema);
      const values = [...badValuesFor(kind).map(String), "", "x".repeat(8_000), "-1", "1e309", "NaN", "9".repeat(400), "0x10", "true", "🎉", "\u0000", "%"];
      for (const value of values) {
        const q = baseQuery(operation);
        q.set(parameter.name, value);
        push(`query ${parameter.name}=${value.slice(0, 20)}`, { method: operation.method, target: withQuery(path, q.toString()), headers: {} });
      }
      for (const raw of [`${parameter.name}[$ne]=1`, `${parameter.name}[]=a`, `${parameter.name}=a&${parameter.name}=b`, `${parameter.name}=%`, `${parameter.name}=%E0%A4%A`]) {
        push(`query ${raw}`, { method: operation.method, target: withQuery(path, [query, raw].filter(Boolean).join("&")), headers: {} });
      }
    }

    // Methods the API does not have, once per path.
    if (!methodsSeen.has(operation.path)) {
      methodsSeen.add(operation.path);
      for (const method of ["PUT", "OPTIONS", "HEAD"]) push(`method ${method}`, { method, target, headers: {} });
    }

    // A body on an operation that takes none.
    if (!operation.body && operation.method !== "GET") send("unexpected JSON body", JSON.stringify({ surprise: true }));

    if (!operation.body || bodyJson === undefined || body === undefined) continue;

    // Sizes around the limit: the largest body the limit lets through, and one just past it.
    const padKey = Object.keys(body).find((key) => typeof body[key] === "string") ?? "padding";
    const padded = (size: number) => {
      const json = JSON.stringify({ ...body, [padKey]: "" });
      return JSON.stringify({ ...body, [padKey]: "x".repeat(Math.max(0, size - Buffer.byteLength(json))) });
    };
    send("body just under the limit", padded(options.bodyLimitBytes - 16));
    send("body at the limit", padded(options.bodyLimitBytes));
    send("body just over the limit", padded(options.bodyLimitBytes + 1_024), 413);
    send("body 3 × the limit", padded(options.bodyLimitBytes * 3), 413);

    // Deep nesting (under the size limit): arrays where a string belongs (refused, when the field
    // is one the schema has), objects as the whole body (an unknown key, refused or ignored).
    const isKnownField = padKey in ((operation.body.schema.properties ?? {}) as object);
    for (const depth of [1_000, 50_000]) {
      send(`array nested ${depth} deep in ${padKey}`, withRaw(body, padKey, `${"[".repeat(depth)}${"]".repeat(depth)}`), isKnownField ? 400 : undefined);
      send(`object nested ${Math.min(depth, 30_000)} deep`, `${'{"a":'.repeat(Math.min(depth, 30_000))}1${"}".repeat(Math.min(depth, 30_000))}`);
    }

    // Prototype keys at the top and inside every object-valued field.
    const pollution = '{"polluted":"fuzz-polluted","isAdmin":true,"user_id":"someone-else"}';
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const raw = key === "constructor" ? `{"prototype":${pollution}}` : pollution;
      send(`${key} key`, withRawKey(bodyJson, key, raw));
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
        send(`${key} in ${field}`, withRaw(body, field, withRawKey(JSON.stringify(value), key, raw)));
      }
    }

    // Other content types, and bodies that are not (or not quite) JSON.
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzz", "application/xml", "application/octet-stream"]) {
      send(`content-type ${type}`, bodyJson, 415, { "content-type": type });
    }
    send("no content-type", bodyJson, 415, { "content-type": "" });
    send("content-type json with utf-16 charset", bodyJson, undefined, { "content-type": "application/json; charset=utf-16" });
    send("content-type +json", bodyJson, undefined, { "content-type": "application/merge-patch+json" });
    for (const raw of ["{", '{"a":}', "nul", "{}garbage", '{"a": NaN}']) send(`malformed body ${JSON.stringify(raw)}`, raw, 400);
    // Well-formed JSON of the wrong shape: refused unless the schema happens to allow it.
    for (const raw of ["", "\ufeff{}", "[]", "null", '"text"', "0", "true", "1e999", '{"dup":1,"dup":2}']) send(`body ${JSON.stringify(raw)}`, raw);

    // Every field: wrong types, odd strings, and for dates and zones the impossible ones.
    const properties = (operation.body.schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [field, schema] of Object.entries(properties)) {
      const replace = (value: unknown) => JSON.stringify({ ...body, [field]: value });
      for (const value of WRONG_TYPES) send(`${field} = ${JSON.stringify(value)}`, replace(value));
      const kind = fieldKindOf(schema);
      for (const value of badValuesFor(kind)) send(`${field} = ${JSON.stringify(value).slice(0, 40)}`, replace(value));
      if (kind === "string" || kind === "timeZone") {
        for (const value of ODD_STRINGS) send(`${field} = ${JSON.stringify(value).slice(0, 24)}`, replace(value));
        for (const raw of RAW_JSON_STRINGS) send(`${field} = ${raw}`, withRaw(body, field, raw));
      }
      if (kind === "eventDate") {
        // Both ends: the end before the start.
        if (field === "end_date" && "start_date" in body) send("end before start", JSON.stringify({ ...body, start_date: { date_time: "2026-03-11T12:00", time_zone: "UTC" }, end_date: { date_time: "2026-03-11T11:00", time_zone: "UTC" } }), 400);
      }
    }
  }
  // Deletes late: before them, every other case finds the seeded resources still there; the
  // `last` operations (sign-out) after everything. Within each part, one case of each operation
  // in turn, so cases sent side by side rarely write to the same resource (two writers on one
  // event request measure only the database's lock).
  const isLast = (testCase: OwnCase) => (options.last ?? []).includes(testCase.operation);
  const isDelete = (testCase: OwnCase) => testCase.method === "DELETE" && !isLast(testCase);
  return [
    ...interleaved(cases.filter((testCase) => !isDelete(testCase) && !isLast(testCase))),
    ...interleaved(cases.filter(isDelete)),
    ...cases.filter(isLast),
  ];
}

function interleaved(cases: readonly OwnCase[]): OwnCase[] {
  const queues = new Map<string, OwnCase[]>();
  for (const testCase of cases) queues.set(testCase.operation, [...(queues.get(testCase.operation) ?? []), testCase]);
  const result: OwnCase[] = [];
  while (result.length < cases.length) for (const queue of queues.values()) if (queue.length > 0) result.push(queue.shift()!);
  return result;
}
