import type { JsonSchema } from "./json-schema.ts";
import {
  METHOD_ORDER,
  OPENAPI_JSON_PATH,
  type OpenApiDocument,
  type OpenApiMediaType,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiRef,
  type OpenApiResponse,
} from "./document.ts";

/*
 * The human reference page of the API, rendered from the OpenAPI document: one self-contained
 * HTML page (its only style is inline, no script, nothing fetched from anywhere), operations
 * grouped by tag with a table of contents and an anchor for every operation and schema.
 * Every text that comes from the document is escaped, so a summary can never inject markup.
 */

/** The page's whole style sheet; routes.ts allows exactly this one inline style by its hash. */
export const REFERENCE_PAGE_STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1f; --bg: #ffffff; --muted: #4a4a55; --line: #c9c9d3; --code-bg: #f1f1f5; --link: #0b57d0; }
@media (prefers-color-scheme: dark) { :root { --fg: #ececf1; --bg: #15151a; --muted: #b9b9c6; --line: #44444f; --code-bg: #24242c; --link: #8ab4f8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; padding: .5rem 1rem; background: var(--bg); }
.skip:focus { left: 1rem; z-index: 1; }
.layout { display: grid; grid-template-columns: minmax(14rem, 22rem) 1fr; gap: 2rem; max-width: 90rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
@media (max-width: 60rem) { .layout { grid-template-columns: 1fr; } }
nav { position: sticky; top: 0; max-height: 100vh; overflow: auto; padding: 1rem 0; font-size: .9rem; }
nav ul { list-style: none; margin: 0; padding-left: .75rem; }
nav > ul { padding-left: 0; }
nav li { margin: .15rem 0; }
main { min-width: 0; }
h1 { margin: .5rem 0; }
h2 { margin-top: 2.5rem; border-bottom: 2px solid var(--line); padding-bottom: .25rem; }
h3 { margin-top: 2rem; font-size: 1.15rem; overflow-wrap: anywhere; }
h4 { margin: 1.25rem 0 .5rem; font-size: 1rem; }
h5 { margin: 1rem 0 .25rem; font-size: .95rem; }
article { border-top: 1px solid var(--line); }
code { font: .9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code-bg); padding: .05em .3em; border-radius: 3px; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.2em; text-align: center; font: 700 .8rem ui-monospace, monospace; padding: .1em .4em; border: 2px solid currentColor; border-radius: 4px; margin-right: .4em; }
.method-get { color: #1a6e2e; } .method-post { color: #0b4fb3; } .method-patch { color: #8a4b00; } .method-put { color: #8a4b00; } .method-delete { color: #b3261e; }
@media (prefers-color-scheme: dark) { .method-get { color: #7dd99a; } .method-post { color: #8ab4f8; } .method-patch, .method-put { color: #f6b26b; } .method-delete { color: #f28b82; } }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .92rem; }
th, td { border: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--code-bg); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Escaped text with `code` and **bold** marked up (the only markdown the document uses inline). */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
}

/** Paragraphs, "- " lists and "## " headings (at `headingLevel`), everything escaped. */
function prose(text: string, headingLevel = 3): string {
  return text
    .split(/\n{2,}/)
    .map((block) => proseBlock(block.split("\n"), headingLevel))
    .join("\n");
}

function proseBlock(lines: readonly string[], headingLevel: number): string {
  if (lines.length === 0) return "";
  const heading = /^#{1,6} (.*)$/.exec(lines[0] ?? "");
  if (heading) {
    return `<h${headingLevel}>${inline(heading[1] ?? "")}</h${headingLevel}>\n${proseBlock(lines.slice(1), headingLevel)}`;
  }
  if (lines.every((line) => line.startsWith("- "))) {
    return `<ul>\n${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join("\n")}\n</ul>`;
  }
  return `<p>${inline(lines.join("\n"))}</p>`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

const tagAnchor = (tag: string) => `tag-${slug(tag)}`;
const schemaAnchor = (name: string) => `schema-${slug(name)}`;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Enums longer than this are summed up, not listed. */
const LONG_ENUM = 12;

function isRef(value: unknown): value is OpenApiRef {
  return isObject(value) && typeof value.$ref === "string";
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

/** A short type label, HTML; references link to their schema. */
function typeLabel(schema: unknown): string {
  if (!isObject(schema)) return schema === false ? "nothing" : "any";
  if (typeof schema.$ref === "string") {
    const name = refName(schema.$ref);
    return `<a href="#${escapeHtml(schemaAnchor(name))}">${escapeHtml(name)}</a>`;
  }
  if ("const" in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) {
    const code = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;
    // A long list (every time zone name) would bury the page: its size and a few, the rest in the JSON.
    if (schema.enum.length > LONG_ENUM) return `one of ${schema.enum.length} values such as ${schema.enum.slice(0, 3).map(code).join(", ")} (all of them in <a href="${OPENAPI_JSON_PATH}">openapi.json</a>)`;
    return schema.enum.map(code).join(" | ");
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const variants = schema[key];
    if (Array.isArray(variants) && schema.type === undefined) return variants.map(typeLabel).join(" | ");
  }
  const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length === 0) return "any";
  return types
    .map((type) => {
      if (type === "array") return `array of ${typeLabel(schema.items)}`;
      const format = typeof schema.format === "string" ? ` (${escapeHtml(schema.format)})` : "";
      return `${escapeHtml(type)}${format}`;
    })
    .join(" | ");
}

/** Constraints and defaults, in words, HTML. */
function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const say = (key: string, words: string) => {
    if (schema[key] !== undefined) notes.push(`${words} ${escapeHtml(JSON.stringify(schema[key]))}.`);
  };
  say("default", "Default:");
  say("minimum", "At least");
  say("exclusiveMinimum", "Greater than");
  say("maximum", "At most");
  say("minLength", "Length at least");
  say("maxLength", "Length at most");
  say("minItems", "Items at least");
  say("maxItems", "Items at most");
  if (typeof schema.pattern === "string") notes.push(`Pattern <code>${escapeHtml(schema.pattern)}</code>.`);
  if (Array.isArray(schema.examples)) {
    notes.push(`E.g. ${schema.examples.map((example) => `<code>${escapeHtml(JSON.stringify(example))}</code>`).join(", ")}.`);
  }
  return notes;
}

/** What a field or parameter is: its own words, the schema's, then the constraints. */
function describe(schema: JsonSchema, description?: unknown): string {
  const texts = [description, schema.description].filter((text): text is string => typeof text === "string" && text !== "");
  return [...new Set(texts)].map(inline).concat(constraints(schema)).join(" ");
}

type FieldRow = { name: string; type: string; isRequired: boolean; description: string };

/** The fields of an object schema, nested inline objects flattened to dotted names. */
function fieldRows(schema: JsonSchema, prefix = "", depth = 0): FieldRow[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const rows: FieldRow[] = [];
  for (const [key, value] of Object.entries(properties)) {
    if (!isObject(value)) continue;
    const name = `${prefix}${key}`;
    rows.push({ name, type: typeLabel(value), isRequired: required.includes(key), description: describe(value) });
    if (depth >= 4) continue;
    if (isObject(value.properties)) rows.push(...fieldRows(value, `${name}.`, depth + 1));
    if (isObject(value.items) && isObject(value.items.properties)) rows.push(...fieldRows(value.items, `${name}[].`, depth + 1));
  }
  return rows;
}

function fieldsTable(rows: readonly FieldRow[], caption: string): string {
  if (rows.length === 0) return `<p class="muted">No fields.</p>`;
  return `<table>
<caption class="visually-hidden">${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
<tbody>
${rows
  .map(
    (row) =>
      `<tr><th scope="row"><code>${escapeHtml(row.name)}</code></th><td>${row.type}</td><td>${row.isRequired ? "yes" : "no"}</td><td>${row.description}</td></tr>`,
  )
  .join("\n")}
</tbody>
</table>`;
}

/** A schema as a reader needs it: its fields, its variants, or a reference to a named schema. */
function schemaBlock(schema: unknown, caption: string): string {
  if (!isObject(schema)) return `<p>Any JSON value.</p>`;
  if (isRef(schema)) return `<p>Schema: ${typeLabel(schema)}.</p>`;
  const parts: string[] = [];
  if (isObject(schema.properties)) parts.push(fieldsTable(fieldRows(schema), caption));
  for (const key of ["oneOf", "anyOf"] as const) {
    const variants = schema[key];
    if (!Array.isArray(variants) || !variants.every(isObject)) continue;
    // `oneOf: [{required: [...]}, ...]` beside properties only says which fields go together.
    if (variants.every((variant) => Object.keys(variant).join() === "required")) {
      const groups = variants.map((variant) => (variant.required as unknown[]).map((name) => `<code>${escapeHtml(String(name))}</code>`).join(" + "));
      parts.push(`<p>${key === "oneOf" ? "Exactly one of" : "At least one of"}: ${groups.join("; ")}.</p>`);
      continue;
    }
    parts.push(
      `<p>${key === "oneOf" ? "One of" : "Any of"}:</p><ol>${variants
        .map((variant, index) => `<li>${isObject(variant.properties) ? fieldsTable(fieldRows(variant), `${caption}, variant ${index + 1}`) : typeLabel(variant)}</li>`)
        .join("")}</ol>`,
    );
  }
  if (parts.length === 0) parts.push(`<p>Type: ${typeLabel(schema)}. ${describe(schema)}</p>`);
  return parts.join("\n");
}

function resolveParameter(document: OpenApiDocument, parameter: OpenApiParameter | OpenApiRef): OpenApiParameter | undefined {
  return isRef(parameter) ? document.components.parameters[refName(parameter.$ref)] : parameter;
}

function resolveResponse(document: OpenApiDocument, response: OpenApiResponse | OpenApiRef): OpenApiResponse | undefined {
  return isRef(response) ? document.components.responses[refName(response.$ref)] : response;
}

function parametersSection(document: OpenApiDocument, operation: OpenApiOperation): string {
  const parameters = (operation.parameters ?? [])
    .map((parameter) => resolveParameter(document, parameter))
    .filter((parameter) => parameter !== undefined);
  if (parameters.length === 0) return "";
  return `<h4>Parameters</h4>
<table>
<caption class="visually-hidden">Parameters of ${escapeHtml(operation.operationId)}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
<tbody>
${parameters
  .map(
    (parameter) =>
      `<tr><th scope="row"><code>${escapeHtml(parameter.name)}</code></th><td>${escapeHtml(parameter.in)}</td><td>${typeLabel(parameter.schema)}</td><td>${parameter.required ? "yes" : "no"}</td><td>${describe(parameter.schema, parameter.description)}</td></tr>`,
  )
  .join("\n")}
</tbody>
</table>`;
}

function mediaTypeBlock(contentType: string, media: OpenApiMediaType, caption: string): string {
  const eventData = media["x-event-data-schema"];
  if (eventData !== undefined) {
    return `<p><code>${escapeHtml(contentType)}</code>: a stream of server-sent events; each <code>data:</code> line holds one JSON value:</p>\n${schemaBlock(eventData, caption)}`;
  }
  return `<p><code>${escapeHtml(contentType)}</code></p>\n${schemaBlock(media.schema, caption)}`;
}

function requestBodySection(operation: OpenApiOperation): string {
  const body = operation.requestBody;
  if (!body) return "";
  const media = Object.entries(body.content)
    .map(([contentType, mediaType]) => mediaTypeBlock(contentType, mediaType, `Request body of ${operation.operationId}`))
    .join("\n");
  const note = body.required ? "Required." : "Optional.";
  return `<h4>Request body</h4>\n<p>${note}${body.description ? ` ${inline(body.description)}` : ""}</p>\n${media}`;
}

function responsesSection(document: OpenApiDocument, operation: OpenApiOperation): string {
  const rows: string[] = [];
  const bodies: string[] = [];
  for (const [status, reference] of Object.entries(operation.responses)) {
    const response = resolveResponse(document, reference);
    if (!response) continue;
    const content = Object.entries(response.content ?? {});
    const body =
      content.length === 0
        ? "none"
        : content.map(([contentType, media]) => `<code>${escapeHtml(contentType)}</code> ${media["x-event-data-schema"] ? "stream" : typeLabel(media.schema)}`).join("<br>");
    const headers = Object.keys(response.headers ?? {});
    const headerNote = headers.length === 0 ? "" : ` Headers: ${headers.map((name) => `<code>${escapeHtml(name)}</code>`).join(", ")}.`;
    rows.push(`<tr><th scope="row">${escapeHtml(status)}</th><td>${inline(response.description)}${headerNote}</td><td>${body}</td></tr>`);
    if (status.startsWith("2")) {
      for (const [contentType, media] of content) {
        bodies.push(`<h5>Response body (${escapeHtml(status)})</h5>\n${mediaTypeBlock(contentType, media, `${status} response of ${operation.operationId}`)}`);
      }
    }
  }
  return `<h4>Responses</h4>
<table>
<caption class="visually-hidden">Responses of ${escapeHtml(operation.operationId)}</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
${bodies.join("\n")}`;
}

function examplesList(schema: JsonSchema): string {
  if (!Array.isArray(schema.examples) || schema.examples.length === 0) return "";
  return `<p>Examples:</p>\n<ul>\n${schema.examples.map((example) => `<li><code>${escapeHtml(JSON.stringify(example))}</code></li>`).join("\n")}\n</ul>`;
}

type Entry = { path: string; method: string; operation: OpenApiOperation };

function operationEntries(document: OpenApiDocument): Entry[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHOD_ORDER.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}

function methodBadge(method: string): string {
  return `<span class="method method-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>`;
}

function operationArticle(document: OpenApiDocument, { path, method, operation }: Entry): string {
  const id = escapeHtml(operation.operationId);
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const description = operation.description.startsWith(`${operation.summary}.`)
    ? operation.description.slice(operation.summary.length + 1).trim()
    : operation.description;
  return `<article id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title">${methodBadge(method)}<code>${escapeHtml(path)}</code></h3>
<p><strong>${inline(operation.summary)}</strong> <a href="#${id}" class="muted" aria-label="Link to ${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}">#</a></p>
${description ? prose(description, 4) : ""}
<p class="muted">${isPublic ? "Public: no session needed." : "Needs a session (the session cookie)."}</p>
${parametersSection(document, operation)}
${requestBodySection(operation)}
${responsesSection(document, operation)}
</article>`;
}

/** The reference page for `document`, a complete HTML document. */
export function renderReferencePage(document: OpenApiDocument): string {
  const entries = operationEntries(document);
  const tags = document.tags.filter((tag) => entries.some((entry) => entry.operation.tags.includes(tag.name)));
  const byTag = (tag: string) => entries.filter((entry) => entry.operation.tags[0] === tag);

  const contents = `<nav aria-label="Contents">
<h2 id="contents">Contents</h2>
<ul>
<li><a href="#overview">Overview</a></li>
${tags
  .map(
    (tag) => `<li><a href="#${escapeHtml(tagAnchor(tag.name))}">${escapeHtml(tag.name)}</a>
<ul>
${byTag(tag.name)
  .map(
    ({ path, method, operation }) =>
      `<li><a href="#${escapeHtml(operation.operationId)}">${escapeHtml(method.toUpperCase())} <code>${escapeHtml(path)}</code></a></li>`,
  )
  .join("\n")}
</ul></li>`,
  )
  .join("\n")}
<li><a href="#errors">Errors</a></li>
<li><a href="#schemas">Schemas</a>
<ul>
${Object.keys(document.components.schemas)
  .map((name) => `<li><a href="#${escapeHtml(schemaAnchor(name))}">${escapeHtml(name)}</a></li>`)
  .join("\n")}
</ul></li>
</ul>
</nav>`;

  const tagSections = tags
    .map(
      (tag) => `<section id="${escapeHtml(tagAnchor(tag.name))}" aria-labelledby="${escapeHtml(tagAnchor(tag.name))}-title">
<h2 id="${escapeHtml(tagAnchor(tag.name))}-title">${escapeHtml(tag.name)}</h2>
${tag.description ? `<p>${inline(tag.description)}</p>` : ""}
${byTag(tag.name)
  .map((entry) => operationArticle(document, entry))
  .join("\n")}
</section>`,
    )
    .join("\n");

  // A shared error response carries no status of its own: it is the status operations use it under.
  const errorStatus = new Map<string, string>();
  for (const { operation } of entries) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (isRef(response) && !errorStatus.has(refName(response.$ref))) errorStatus.set(refName(response.$ref), status);
    }
  }
  const errors = `<section id="errors" aria-labelledby="errors-title">
<h2 id="errors-title">Errors</h2>
<p>Every error body is ${typeLabel({ $ref: "#/components/schemas/ErrorBody" })}: <code>{message, code, details?}</code>.</p>
<table>
<caption class="visually-hidden">Error responses</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Name</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${Object.entries(document.components.responses)
  .map(
    ([name, response]) =>
      `<tr><td>${escapeHtml(errorStatus.get(name) ?? "")}</td><th scope="row">${escapeHtml(name)}</th><td>${inline(response.description)}</td></tr>`,
  )
  .join("\n")}
</tbody>
</table>
</section>`;

  const schemas = `<section id="schemas" aria-labelledby="schemas-title">
<h2 id="schemas-title">Schemas</h2>
${Object.entries(document.components.schemas)
  .map(
    ([name, schema]) => `<section id="${escapeHtml(schemaAnchor(name))}" aria-labelledby="${escapeHtml(schemaAnchor(name))}-title">
<h3 id="${escapeHtml(schemaAnchor(name))}-title">${escapeHtml(name)}</h3>
${typeof schema.description === "string" ? `<p>${inline(schema.description)}</p>` : ""}
${schemaBlock(schema, `Fields of ${name}`)}
${examplesList(schema)}
</section>`,
  )
  .join("\n")}
</section>`;

  const title = `${document.info.title} reference`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REFERENCE_PAGE_STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<div class="layout">
${contents}
<main id="main">
<h1>${escapeHtml(document.info.title)} <span class="muted">${escapeHtml(document.info.version)}</span></h1>
<p>OpenAPI ${escapeHtml(document.openapi)} document: <a href="${OPENAPI_JSON_PATH}"><code>${OPENAPI_JSON_PATH}</code></a>.</p>
<section id="overview" aria-labelledby="overview-title">
<h2 id="overview-title">Overview</h2>
${prose(document.info.description, 3)}
</section>
${tagSections}
${errors}
${schemas}
</main>
</div>
</body>
</html>
`;
}
