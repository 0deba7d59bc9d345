/*
 * The operations of the BFF's OpenAPI document (what /api/v1/openapi.json serves), read into
 * what the fuzz needs: each operation's path parameters, query parameters and JSON body schema
 * with every `$ref` inlined, and a way to tell which operation a request was for, so statuses
 * can be counted per route whoever sent the request (schemathesis or our own cases). Pure.
 */

export type JsonSchema = { [key: string]: unknown };

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, JsonSchema> };
}

export interface QueryParameter {
  name: string;
  isRequired: boolean;
  schema: JsonSchema;
}

export interface DocOperation {
  /** `METHOD /path/{id}`, as the tables print it. */
  key: string;
  method: string;
  path: string;
  pathParameters: string[];
  query: QueryParameter[];
  /** The JSON request body, `$ref`s inlined; undefined when the operation takes none. */
  body?: { isRequired: boolean; schema: JsonSchema };
  /** No session needed (`security: []`). */
  isPublic: boolean;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `schema` with every local `$ref` replaced by what it names (the document has no cycles). */
export function inlineRefs(schema: unknown, document: OpenApiDocument, depth = 0): any {
  if (depth > 50) throw new Error("inlineRefs: too deep (a cycle in the document?)");
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, document, depth + 1));
  if (!isObject(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
    const target = (document.components as Record<string, Record<string, unknown>> | undefined)?.[kind ?? ""]?.[name ?? ""];
    if (target === undefined) throw new Error(`unknown reference ${ref}`);
    return inlineRefs(target, document, depth + 1);
  }
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Examples, defaults and enums are data, not schemas.
    result[key] = key === "examples" || key === "example" || key === "default" || key === "enum" || key === "const" ? value : inlineRefs(value, document, depth + 1);
  }
  return result;
}

export function operationsOf(document: OpenApiDocument): DocOperation[] {
  const operations: DocOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const parameters = (inlineRefs(operation.parameters ?? [], document) as JsonSchema[]).filter(isObject);
      const requestBody = operation.requestBody as { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined;
      const bodySchema = requestBody?.content?.["application/json"]?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ""),
        query: parameters
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => ({ name: String(parameter.name), isRequired: parameter.required === true, schema: (parameter.schema as JsonSchema | undefined) ?? {} })),
        ...(bodySchema === undefined ? {} : { body: { isRequired: requestBody?.required === true, schema: inlineRefs(bodySchema, document) as JsonSchema } }),
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return operations;
}

interface PathMatcher {
  path: string;
  pattern: RegExp;
  literalSegments: number;
}

/**
 * Which documented path a request path is: a literal segment beats a parameter, as the BFF's
 * router orders them (`/event-requests/with-approvals` is not `/event-requests/{id}`).
 */
export function pathMatcher(paths: readonly string[]): (requestPath: string) => string | undefined {
  const matchers: PathMatcher[] = paths.map((path) => ({
    path,
    pattern: new RegExp(`^${path.split(/\{[^}]+\}/).map(escapeRegExp).join("[^/]+")}$`),
    literalSegments: path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{")).length,
  }));
  matchers.sort((a, b) => b.literalSegments - a.literalSegments);
  return (requestPath) => matchers.find((matcher) => matcher.pattern.test(requestPath))?.path;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The row of everything the document does not have (another method, another path). */
export const UNDOCUMENTED = "(a method or path not in the document)";

/**
 * The route a request counts under: `METHOD /documented/{path}` for a documented operation,
 * else `METHOD (a method or path not in the document)`: a PUT to a path that has no PUT, say.
 */
export function routeKeyOf(method: string, url: string, match: (path: string) => string | undefined, operations: ReadonlySet<string>): string {
  let path: string;
  try {
    path = new URL(url, "http://x").pathname;
  } catch {
    path = url.split("?")[0] ?? url;
  }
  const key = `${method.toUpperCase()} ${match(path) ?? ""}`;
  return operations.has(key) ? key : `${method.toUpperCase()} ${UNDOCUMENTED}`;
}
