import { z } from "zod";
import { isCalendarDate, isDateBound, isIanaTimeZone } from "@amia/contracts";

/*
 * zod 4 → JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with zod's own `z.toJSONSchema()`.
 * Request schemas are converted in input mode (what a client may send: before transforms and
 * defaults), responses in output mode (what the server sends). What JSON Schema cannot say is
 * patched here, in one `override`, so the document stays valid and says something useful:
 *
 * - `z.stringbool()` (query booleans) is a codec whose input side is a bare string: documented as
 *   enum ["true", "false"] (its own truthy/falsy lists) and, under a default, the default's text.
 * - A default over a transform is dropped by zod in input mode (the default is an output value);
 *   it is put back when it is also a valid input (null, []) or can be encoded (stringbool).
 * - Refinements with a named predicate from the contracts (calendar date, IANA zone, date bound)
 *   become `format` / `description` / `examples`; an event date `{date | date_time, time_zone}`
 *   gets the date_time pattern and "exactly one of date / date_time" as `oneOf`.
 * - Email inputs are trimmed and lower-cased before the check (a pipe); the input side is a bare
 *   string, so `format: email` comes from the pipe's output side.
 * - Noise zod adds is removed: ±2^53 bounds of `.int()`, the long regex beside `format:
 *   date-time`, `$schema` on every converted root, and `additionalProperties: false` on response
 *   objects (zod strips unknown keys on output, but the contracts add fields over time, so a
 *   client must not be told to refuse them). Strict request objects keep it: they refuse keys.
 * - Anything else unrepresentable (a transform's output, a custom type) becomes `{}` ("any")
 *   instead of throwing, so one odd field never takes the whole document down; a `z.date()` in
 *   a response is the ISO string JSON.stringify makes of it.
 */

export type JsonSchema = { [key: string]: unknown };
export type SchemaMode = "input" | "output";

/** A local date-time or one with Z / an offset (contracts/src/date-forms.ts, DATE_TIME). */
const DATE_TIME_PATTERN =
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}(:?\\d{2})?)?$";

const EVENT_DATE_KEYS = ["date", "date_time", "time_zone"].join(",");

/** Refinement predicates exported by the contracts, and what they mean in JSON Schema terms. */
const KNOWN_PREDICATES = new Map<unknown, JsonSchema>([
  [isCalendarDate, { format: "date", description: "A calendar day that exists, YYYY-MM-DD." }],
  [
    isIanaTimeZone,
    { description: "An IANA time zone name (not an offset).", examples: ["Europe/Lisbon", "America/New_York", "UTC"] },
  ],
  [
    isDateBound,
    {
      description:
        "A day, YYYY-MM-DD (the whole day in the request's time zone, UTC when none is given), or an ISO 8601 date-time with Z or an offset (that exact instant). Inclusive.",
      examples: ["2026-03-01", "2026-03-01T09:00:00Z"],
    },
  ],
]);

type AnyZod = z.core.$ZodType;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function customCheckFns(schema: AnyZod): unknown[] {
  const checks = (schema._zod.def as { checks?: readonly z.core.$ZodCheck[] }).checks ?? [];
  return checks.map((check) => (check._zod.def as { fn?: unknown }).fn).filter((fn) => fn !== undefined);
}

function stringboolValues(schema: AnyZod): { truthy: string[]; falsy: string[]; isCaseSensitive: boolean } | null {
  if (schema._zod.def.type !== "pipe") return null;
  const bag = schema._zod.bag as { truthy?: unknown; falsy?: unknown; case?: unknown };
  if (!Array.isArray(bag.truthy) || !Array.isArray(bag.falsy)) return null;
  return { truthy: bag.truthy.map(String), falsy: bag.falsy.map(String), isCaseSensitive: bag.case === "sensitive" };
}

function isEventDateObject(schema: AnyZod): boolean {
  if (schema._zod.def.type !== "object") return false;
  const shape = (schema._zod.def as z.core.$ZodObjectDef).shape;
  return Object.keys(shape).sort().join(",") === EVENT_DATE_KEYS;
}

function replaceContents(target: JsonSchema, contents: JsonSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, contents);
}

/** A default that is an output value, written as the input that produces it, or undefined. */
function defaultAsInput(inner: AnyZod, value: unknown): unknown {
  if (z.safeParse(inner, value).success) return value;
  try {
    return z.encode(inner as z.ZodType, value as never);
  } catch {
    return undefined; // a one-way transform: nothing honest to show
  }
}

function overrideFor(io: SchemaMode) {
  return ({ zodSchema, jsonSchema }: { zodSchema: AnyZod; jsonSchema: JsonSchema }): void => {
    const def = zodSchema._zod.def;

    const stringbool = stringboolValues(zodSchema);
    if (stringbool && io === "input") {
      replaceContents(jsonSchema, {
        type: "string",
        enum: [...stringbool.truthy, ...stringbool.falsy],
        ...(stringbool.isCaseSensitive ? {} : { description: "Case-insensitive." }),
      });
      return;
    }

    if (def.type === "pipe" && io === "input") {
      const out = (def as z.core.$ZodPipeDef).out;
      const format = (out._zod.def as { format?: unknown }).format ?? (out._zod.bag as { format?: unknown }).format;
      if (format === "email" && jsonSchema.type === "string") {
        jsonSchema.format = "email";
        jsonSchema.description ??= "Trimmed and lower-cased before it is checked.";
      }
    }

    if (def.type === "default" && io === "input" && jsonSchema.default === undefined) {
      const defaultDef = def as z.core.$ZodDefaultDef;
      const value = defaultAsInput(defaultDef.innerType, defaultDef.defaultValue);
      if (value !== undefined) jsonSchema.default = value;
    }

    for (const fn of customCheckFns(zodSchema)) {
      const known = KNOWN_PREDICATES.get(fn);
      if (known) for (const [key, value] of Object.entries(known)) jsonSchema[key] ??= value;
    }

    // JSON has no dates: a Date leaves the server as JSON.stringify writes it, an ISO string.
    if (def.type === "date" && io === "output") replaceContents(jsonSchema, { type: "string", format: "date-time" });

    if (jsonSchema.type === "integer") {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    }
    if (jsonSchema.format === "date-time") delete jsonSchema.pattern;

    if (def.type === "object") {
      const catchall = (def as z.core.$ZodObjectDef).catchall;
      const isStrict = catchall?._zod.def.type === "never";
      if (io === "output" && !isStrict && jsonSchema.additionalProperties === false) {
        delete jsonSchema.additionalProperties;
      }
    }

    if (isEventDateObject(zodSchema)) describeEventDate(jsonSchema);
  };
}

/** `{date | date_time, time_zone}`: the rules zod checks in a superRefine, said in JSON Schema. */
function describeEventDate(jsonSchema: JsonSchema): void {
  jsonSchema.description =
    "The start or end of an event: all-day `{date, time_zone}` or timed `{date_time, time_zone}`, exactly one of date / date_time. A date_time without an offset is a wall-clock time in time_zone; with Z or an offset it is that instant, and time_zone is the zone to show it in.";
  jsonSchema.oneOf = [{ required: ["date"] }, { required: ["date_time"] }];
  jsonSchema.examples = [
    { date: "2026-03-11", time_zone: "Europe/Lisbon" },
    { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
    { date_time: "2026-03-11T12:00:00Z", time_zone: "Europe/Lisbon" },
  ];
  const properties = jsonSchema.properties;
  if (!isObject(properties)) return;
  // A fresh object: the property's schema may be shared with other places zod saw it.
  if (isObject(properties.date_time)) {
    properties.date_time = {
      ...properties.date_time,
      pattern: DATE_TIME_PATTERN,
      description:
        "A local YYYY-MM-DDTHH:MM (seconds and fraction optional), or an ISO 8601 date-time with Z or an offset. Every field in range.",
    };
  }
  if (isObject(properties.date)) {
    properties.date = { ...properties.date, format: "date", description: "An all-day date, YYYY-MM-DD." };
  }
}

/** One zod schema as a JSON Schema 2020-12 object, without `$schema`, everything inline. */
export function toJsonSchema(schema: z.ZodType, io: SchemaMode): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    override: overrideFor(io),
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Object keys sorted at every depth, so equal schemas give equal strings. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isObject(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  );
}

/**
 * Named schemas for `components.schemas`, shared by structure: after every schema is converted
 * inline, `intern` replaces each subtree equal to a component with a `$ref` to it. Structural
 * sharing (rather than zod's registry ids) lets one component stand for many zod instances of
 * the same shape, e.g. every `eventDateSchema(field)` differs only in its error messages.
 */
export class SchemaComponents {
  readonly #bodies = new Map<string, JsonSchema>();
  #byCanonical = new Map<string, string>();

  /** Adds a component; components may refer to each other (call `seal` once all are added). */
  add(name: string, schema: z.ZodType, io: SchemaMode): void {
    if (this.#bodies.has(name)) throw new Error(`component ${name} is defined twice`);
    this.#bodies.set(name, toJsonSchema(schema, io));
  }

  /** Shares components inside each other until nothing changes, then freezes the lookup. */
  seal(): void {
    for (let changed = true; changed; ) {
      changed = false;
      const lookup = this.#lookup();
      for (const [name, body] of this.#bodies) {
        const before = canonicalJson(body);
        const after = internChildren(body, lookup);
        if (canonicalJson(after) !== before) {
          this.#bodies.set(name, after);
          changed = true;
        }
      }
    }
    this.#byCanonical = this.#lookup();
  }

  /** `schema` with every subtree (itself included) equal to a component replaced by a `$ref`. */
  intern(schema: JsonSchema): JsonSchema {
    return internNode(schema, this.#byCanonical) as JsonSchema;
  }

  ref(name: string): JsonSchema {
    if (!this.#bodies.has(name)) throw new Error(`no component ${name}`);
    return { $ref: componentRef(name) };
  }

  /** The components, in the order they were added. */
  entries(): [string, JsonSchema][] {
    return [...this.#bodies];
  }

  #lookup(): Map<string, string> {
    const lookup = new Map<string, string>();
    for (const [name, body] of this.#bodies) {
      const key = canonicalJson(body);
      if (!lookup.has(key)) lookup.set(key, name);
    }
    return lookup;
  }
}

export function componentRef(name: string): string {
  return `#/components/schemas/${name}`;
}

function internNode(node: unknown, lookup: ReadonlyMap<string, string>): unknown {
  const inner = internChildren(node, lookup);
  if (!isObject(inner)) return inner;
  const name = lookup.get(canonicalJson(inner));
  return name === undefined ? inner : { $ref: componentRef(name) };
}

function internChildren<T>(node: T, lookup: ReadonlyMap<string, string>): T {
  if (Array.isArray(node)) return node.map((item) => internNode(item, lookup)) as T;
  if (!isObject(node)) return node;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // Examples and defaults are data, not schemas: never turn them into references.
    result[key] = key === "examples" || key === "default" || key === "const" || key === "enum" ? value : internNode(value, lookup);
  }
  return result as T;
}
