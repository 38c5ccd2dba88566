import { call } from "@/test/http";

// Every operation of the API as the app declares it: read from its own OpenAPI document, with each
// operation's id positions (path parameters, query parameters and body fields of format uuid, however
// deeply nested). The security suites are generated from this list, so a new route is covered the day
// it is documented (and lib/openapi/coverage.test.ts makes sure every route file is).

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
};

export type Access = "public" | "optional" | "signed-in";

export interface IdPosition {
  in: "path" | "query" | "body";
  /** The id table's key: `path:courseId`, `query:category_id`, `body:user_ids.*` (test/security/requests.ts). */
  key: string;
  /** Where in the body: property names and "*" for array items. */
  pointer: string[];
}

/** Where an operation is served: the organization's app host, or its content host (SCORM packages). */
export type ApiHost = "app" | "content";

export interface ApiOperation {
  /** "POST /api/courses/{courseId}/modules" */
  key: string;
  method: string;
  path: string;
  host: ApiHost;
  access: Access;
  queryParameters: { name: string; schema: JsonSchema }[];
  /** The request body's media type and schema (the first the document lists), if any. */
  body: { contentType: string; schema: JsonSchema } | null;
  idPositions: IdPosition[];
  /**
   * A page a browser is sent through (its documented answer is a redirect: the single sign-on doors): it
   * answers a refusal as a redirect to a page of the app that says why, not as JSON.
   */
  browserFlow: boolean;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>> & { servers?: { url: string }[] }>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ["get", "head", "post", "put", "patch", "delete"] as const;

function accessOf(security: Record<string, unknown>[] | undefined): Access {
  if (!security || security.length === 0) return "public";
  return security.some((s) => Object.keys(s).length === 0) ? "optional" : "signed-in";
}

export async function loadApiOperations(): Promise<ApiOperation[]> {
  const res = await call(null, "/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const document = res.json as OpenApiDocument;
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(document.components?.schemas?.[schema.$ref.split("/").pop()!] ?? {}) : schema;
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    // A path served elsewhere than the API's own server names its server: the content host's does.
    const host: ApiHost = item.servers?.some((server) => server.url.includes("{contentDomain}")) ? "content" : "app";
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = Object.entries(operation.requestBody?.content ?? {})[0];
      const body = content ? { contentType: content[0], schema: deepResolve(content[1].schema, resolve) } : null;
      const idPositions: IdPosition[] = [
        ...parameters
          .filter((p) => p.in === "path")
          .map((p) => ({ in: "path" as const, key: `path:${p.name}`, pointer: [p.name] })),
        ...parameters
          .filter((p) => p.in === "query" && isUuid(resolve(p.schema)))
          .map((p) => ({ in: "query" as const, key: `query:${p.name}`, pointer: [p.name] })),
        ...(body && body.contentType === "application/json" ? uuidFields(body.schema, []) : []),
      ];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        host,
        access: accessOf(operation.security),
        queryParameters: parameters
          .filter((p) => p.in === "query")
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        body,
        idPositions,
        browserFlow: Object.keys(operation.responses ?? {}).some((status) => status.startsWith("3")),
      });
    }
  }
  return operations;
}

/** The organization's content host as test/http.ts `call()` names hosts (CONTENT_DOMAIN is content.localhost in tests). */
export const contentHostOf = (subdomain: string) => `${subdomain}.content`;

/**
 * Where an operation is sent for the organization `subdomain`: its app host, or its content host for the
 * content host's routes. Null is the apex, which has no content host.
 */
export function subdomainFor(op: Pick<ApiOperation, "host">, subdomain: string | null): string | null {
  return op.host === "content" && subdomain ? contentHostOf(subdomain) : subdomain;
}

function deepResolve(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, depth = 0): JsonSchema {
  const s = resolve(schema);
  if (depth > 20) return s;
  const next = (x: JsonSchema) => deepResolve(x, resolve, depth + 1);
  return {
    ...s,
    ...(s.properties
      ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, next(v)])) }
      : {}),
    ...(s.items ? { items: next(s.items) } : {}),
    ...(s.anyOf ? { anyOf: s.anyOf.map(next) } : {}),
    ...(s.oneOf ? { oneOf: s.oneOf.map(next) } : {}),
    ...(s.allOf ? { allOf: s.allOf.map(next) } : {}),
  };
}

export function isUuid(schema: JsonSchema): boolean {
  if (schema.format === "uuid") return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isUuid);
}

function uuidFields(schema: JsonSchema, pointer: string[]): IdPosition[] {
  if (isUuid(schema)) return [{ in: "body", key: `body:${pointer.join(".")}`, pointer }];
  const found: IdPosition[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    found.push(...uuidFields(property, [...pointer, name]));
  if (schema.items) found.push(...uuidFields(schema.items, [...pointer, "*"]));
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    if (option.type === "object" || option.type === "array") found.push(...uuidFields(option, pointer));
  return found;
}
