import { z } from "zod";
import * as C from "@amia/contracts";
import { isCalendarDate, isDateBound, isDateOrDateTime, isDateTime, isIanaTimeZone } from "@amia/contracts";

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
 * - Refinements with a named predicate from the contracts (calendar date, date-time, date bound,
 *   IANA zone) become `format` / `pattern` / `enum` (patterns hold every field in range; the zone
 *   names are this runtime's Intl list); an event date `{date | date_time, time_zone}` gets
 *   "exactly one of date / date_time" as `oneOf`.
 * - A request object that refuses `{}` though it requires no field ("send at least one field")
 *   gets `minProperties: 1`, and a string trimmed before its length is checked gets the pattern
 *   `\S` (not blank): both found by asking the schema itself.
 * - Checks JSON Schema cannot state (an end after its start, a list naming nobody twice) are said
 *   in the description, from SCHEMA_NOTES keyed by the contract's schema; codes typed with spaces
 *   or dashes (TOTP, recovery codes) get the pattern of what may be typed, and a factor proof
 *   "exactly one of code / recovery_code" as `oneOf`.
 * - Email inputs are trimmed and lower-cased before the check (a pipe); the input side is a bare
 *   string, so `format: email` comes from the pipe's output side.
 * - Noise zod adds is removed: ±2^53 bounds of `.int()` in responses (a request's integer keeps
 *   them: the server refuses a larger one), the long regex beside `format: date-time`, `$schema`
 *   on every converted root, and `additionalProperties: false` on response
 *   objects (zod strips unknown keys on output, but the contracts add fields over time, so a
 *   client must not be told to refuse them). Strict request objects keep it: they refuse keys.
 * - Anything else unrepresentable (a transform's output, a custom type) becomes `{}` ("any")
 *   instead of throwing, so one odd field never takes the whole document down; a `z.date()` in
 *   a response is the ISO string JSON.stringify makes of it.
 */

export type JsonSchema = { [key: string]: unknown };
export type SchemaMode = "input" | "output";

/*
 * The textual date forms of contracts/src/date-forms.ts as patterns, every field in range (year
 * 0001-9999, a day its month has, hour 00-23 ...). Only 29 February of a year that is not a leap
 * year still matches: `format: date` says that part where the form is a bare day.
 */
const YEAR = "(?:000[1-9]|00[1-9]\\d|0[1-9]\\d{2}|[1-9]\\d{3})";
const MONTH_DAY = "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2\\d))";
const DAY = `${YEAR}-${MONTH_DAY}`;
const TIME = "T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?";
const OFFSET = "(?:Z|[+-](?:[01]\\d|2[0-3])(?::?[0-5]\\d)?)";
export const DAY_PATTERN = `^${DAY}$`;
/** A local date-time (a wall-clock time) or one with Z / an offset. */
export const DATE_TIME_PATTERN = `^${DAY}${TIME}${OFFSET}?$`;
/** A date-time that pins an instant: Z or an offset required. */
export const OFFSET_DATE_TIME_PATTERN = `^${DAY}${TIME}${OFFSET}$`;

const DAY_FORM: JsonSchema = { type: "string", format: "date", pattern: DAY_PATTERN };

/** Every zone name this runtime's Intl knows under its canonical spelling, and UTC. */
export const TIME_ZONE_NAMES: readonly string[] = [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();

const EVENT_DATE_KEYS = ["date", "date_time", "time_zone"].join(",");

/** Refinement predicates exported by the contracts, and what they mean in JSON Schema terms. */
const KNOWN_PREDICATES = new Map<unknown, JsonSchema>([
  [isCalendarDate, { format: "date", pattern: DAY_PATTERN, description: "A calendar day that exists, YYYY-MM-DD." }],
  [
    isDateTime,
    {
      pattern: DATE_TIME_PATTERN,
      description: "A local YYYY-MM-DDTHH:MM (seconds and a fraction optional), or an ISO 8601 date-time with Z or an offset. Every field in range.",
    },
  ],
  [
    isDateOrDateTime,
    {
      anyOf: [DAY_FORM, { type: "string", pattern: DATE_TIME_PATTERN }],
      description: "A day YYYY-MM-DD, or a date-time (local, or with Z or an offset).",
      examples: ["2026-03-10", "2026-03-10T09:30"],
    },
  ],
  [
    isIanaTimeZone,
    {
      enum: TIME_ZONE_NAMES,
      description:
        "An IANA time zone name (not an offset). Listed under the spelling the server stores and answers with; another case or an alias of one of them (us/pacific, Asia/Kolkata) is accepted too and stored under the listed name.",
      examples: ["Europe/Lisbon", "America/New_York", "UTC"],
    },
  ],
  [
    isDateBound,
    {
      anyOf: [DAY_FORM, { type: "string", pattern: OFFSET_DATE_TIME_PATTERN }],
      description:
        "A day, YYYY-MM-DD (the whole day in the request's time zone, UTC when none is given), or an ISO 8601 date-time with Z or an offset (that exact instant). Inclusive.",
      examples: ["2026-03-01", "2026-03-01T09:00:00Z"],
    },
  ],
]);

/** What may be typed for a recovery code: its letters in either case, spaces and dashes anywhere. */
const RECOVERY_CODE_TYPED = `^[\\s-]*(?:[${C.RECOVERY_CODE_ALPHABET}${C.RECOVERY_CODE_ALPHABET.replace(/[^a-z]/g, "").toUpperCase()}][\\s-]*){${C.RECOVERY_CODE_LENGTH}}$`;

/**
 * What the server checks beyond what JSON Schema can state, said where a client reads the field,
 * keyed by the contract's own schema. A contract that adds such a check adds its words here.
 */
const SCHEMA_NOTES = new Map<unknown, JsonSchema>([
  [C.ZTotpCodeSchema, { pattern: "^\\s*(?:\\d\\s*){6}$", description: "The 6-digit code the authenticator app shows; spaces are ignored." }],
  [C.ZRecoveryCodeSchema, { pattern: RECOVERY_CODE_TYPED, description: `One of the recovery codes: ${C.RECOVERY_CODE_LENGTH} letters and digits, in any case; spaces and dashes are ignored. Each works once.` }],
  [C.ZFactorProofBodySchema, { oneOf: [{ required: ["code"] }, { required: ["recovery_code"] }], description: "Exactly one of code / recovery_code." }],
  [C.ZApproverInputListSchema, { description: "Names each person at most once." }],
  [C.ZWorkingHoursSchema, { description: "end is after start (both on the same day)." }],
  [C.ZFreeBusyBodySchema, { description: "timeMax is after timeMin." }],
  [C.ZAvailabilityBodySchema, { description: `timeMax is after timeMin, and at most ${C.MAX_AVAILABILITY_WINDOW_DAYS} days after it.` }],
  [
    C.ZChatRequestSchema,
    { description: `The last message is from the user and not blank; a user message holds at most ${C.MAX_USER_MESSAGE_LENGTH} characters.` },
  ],
  [C.ZCreateEventRequestBodySchema, { description: "end_date is not before start_date, and both are all-day or both timed." }],
  [C.ZUpdateEventRequestBodySchema, { description: "At least one field. With both dates, end_date is not before start_date, and both are all-day or both timed." }],
  [C.ZSmartParseRequestSchema, { description: "The form's fields as they stand are context only; only description is required." }],
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

    const note = SCHEMA_NOTES.get(zodSchema);
    if (note) {
      for (const [key, value] of Object.entries(note)) {
        jsonSchema[key] = key === "description" && typeof jsonSchema.description === "string" ? `${jsonSchema.description} ${String(value)}` : value;
      }
    }

    // A string trimmed before its length is checked: blank is refused however long it is.
    if (def.type === "string" && io === "input" && typeof jsonSchema.minLength === "number" && jsonSchema.minLength >= 1 && jsonSchema.pattern === undefined) {
      const length = jsonSchema.minLength;
      if (z.safeParse(zodSchema, "x".repeat(length)).success && !z.safeParse(zodSchema, " ".repeat(length)).success) {
        jsonSchema.pattern = "\\S";
        jsonSchema.description ??= "Spaces at either end are trimmed before the length is checked; a blank text is refused.";
      }
    }

    // "Send at least one field": an object that requires none but refuses {}.
    if (def.type === "object" && io === "input" && !(Array.isArray(jsonSchema.required) && jsonSchema.required.length > 0)) {
      if (!z.safeParse(zodSchema, {}).success) jsonSchema.minProperties ??= 1;
    }

    // JSON has no dates: a Date leaves the server as JSON.stringify writes it, an ISO string.
    if (def.type === "date" && io === "output") replaceContents(jsonSchema, { type: "string", format: "date-time" });

    if (jsonSchema.type === "integer" && io === "output") {
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
  // A fresh object: the property's schema may be shared with other places zod saw it.
  if (isObject(properties) && isObject(properties.date)) properties.date = { ...properties.date, description: "An all-day date, YYYY-MM-DD." };
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
