import type { oas31 } from "zod-openapi";

// Reads the generated OpenAPI document for people: type names, constraints and field lists, as the
// /api-docs page shows them. Pure functions over the document, no React.

type Schema = oas31.SchemaObject | oas31.ReferenceObject;
type Document = oas31.OpenAPIObject;

/** A piece of a type's label; `ref` names a component schema the page can link to. */
export interface TypeToken {
  text: string;
  ref?: string;
}

export interface Field {
  name: string;
  type: TypeToken[];
  required: boolean;
  description?: string;
  constraints: string[];
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: oas31.OperationObject;
}

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace"] as const;
const REF_PREFIX = "#/components/schemas/";

export function refName(schema: Schema | undefined): string | undefined {
  return schema && "$ref" in schema && schema.$ref?.startsWith(REF_PREFIX)
    ? schema.$ref.slice(REF_PREFIX.length)
    : undefined;
}

export function resolve(document: Document, schema: Schema | undefined): oas31.SchemaObject {
  const name = refName(schema);
  if (name) return (document.components?.schemas?.[name] ?? {}) as oas31.SchemaObject;
  return (schema ?? {}) as oas31.SchemaObject;
}

function join(parts: TypeToken[][]): TypeToken[] {
  return parts.flatMap((p, i) => (i === 0 ? p : [{ text: " | " }, ...p]));
}

export function typeTokens(schema: Schema | undefined): TypeToken[] {
  const name = refName(schema);
  if (name) return [{ text: name, ref: name }];
  const s = (schema ?? {}) as oas31.SchemaObject;
  const members = s.anyOf ?? s.oneOf;
  if (members) return join(members.map(typeTokens));
  if (s.const !== undefined) return [{ text: JSON.stringify(s.const) }];
  if (s.enum) return [{ text: s.enum.map((v) => JSON.stringify(v)).join(" | ") }];
  if (Array.isArray(s.type)) return join(s.type.map((t) => typeTokens({ ...s, type: t })));
  switch (s.type) {
    case "array":
      return [...typeTokens(s.items), { text: "[]" }];
    case "string":
      if (s.format === "binary" || s.contentEncoding === "binary") return [{ text: "file" }];
      return [{ text: s.format ? `string (${s.format})` : "string" }];
    case "object":
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === "object") {
        return [{ text: "map of " }, ...typeTokens(s.additionalProperties)];
      }
      return [{ text: "object" }];
    case undefined:
      return [{ text: "any" }];
    default:
      return [{ text: s.type }];
  }
}

/** The one non-null member of `X | null`, so its constraints and fields can be shown. */
function withoutNull(schema: oas31.SchemaObject): oas31.SchemaObject {
  const members = (schema.anyOf ?? schema.oneOf)?.filter((m) => !("type" in m && m.type === "null"));
  return members?.length === 1 && !refName(members[0]) ? (members[0] as oas31.SchemaObject) : schema;
}

export function constraints(schema: Schema | undefined): string[] {
  if (!schema || refName(schema)) return [];
  const s = withoutNull(schema as oas31.SchemaObject);
  const out: string[] = [];
  if (s.minLength !== undefined && s.maxLength !== undefined) out.push(`${s.minLength}–${s.maxLength} characters`);
  else if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  else if (s.minLength !== undefined) out.push(`at least ${s.minLength} characters`);
  // zod writes the bounds of a safe integer out; they say nothing to a reader.
  if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) out.push(`≤ ${s.maximum}`);
  if (s.minItems !== undefined) out.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.pattern) out.push(`matches /${s.pattern}/`);
  for (const part of s.allOf ?? []) if ("pattern" in part && part.pattern) out.push(`matches /${part.pattern}/`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

/**
 * The fields of an object schema, nested inline objects flattened to dotted names (`admin.email`,
 * `instructors[].id`). Named component schemas are not expanded: the page links to them.
 */
export function fields(document: Document, schema: Schema | undefined, prefix = "", depth = 0): Field[] {
  const s = withoutNull(resolve(document, schema));
  if (!s.properties) return [];
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties).flatMap(([key, property]) => {
    const name = `${prefix}${key}`;
    const own = property as oas31.SchemaObject;
    const field: Field = {
      name,
      type: typeTokens(property),
      required: required.has(key),
      description: own.description ?? withoutNull(own).description,
      constraints: constraints(property),
    };
    if (depth >= 3 || refName(property)) return [field];
    const inner = withoutNull(own);
    if (inner.type === "object" && inner.properties) return [field, ...fields(document, inner, `${name}.`, depth + 1)];
    if (inner.type === "array" && inner.items && !refName(inner.items)) {
      return [field, ...fields(document, inner.items, `${name}[].`, depth + 1)];
    }
    return [field];
  });
}

/** Operations grouped by their tag, in the document's tag order. */
export function operationsByTag(
  document: Document,
): { name: string; description?: string; operations: OperationEntry[] }[] {
  const groups = (document.tags ?? []).map((t) => ({
    name: t.name,
    description: t.description,
    operations: [] as OperationEntry[],
  }));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      let group = groups.find((g) => g.name === tag);
      if (!group) groups.push((group = { name: tag, description: undefined, operations: [] }));
      group.operations.push({ method, path, operation });
    }
  }
  return groups.filter((g) => g.operations.length > 0);
}

const componentName = (ref: oas31.ReferenceObject) => ref.$ref.split("/").pop() ?? "";

/** A response or parameter may be a $ref to a component; the page wants the object. */
export function resolveResponse(
  document: Document,
  response: oas31.ResponseObject | oas31.ReferenceObject,
): oas31.ResponseObject {
  if ("$ref" in response)
    return (document.components?.responses?.[componentName(response)] ?? { description: "" }) as oas31.ResponseObject;
  return response;
}

export function resolveParameter(
  document: Document,
  parameter: oas31.ParameterObject | oas31.ReferenceObject,
): oas31.ParameterObject {
  if ("$ref" in parameter)
    return (document.components?.parameters?.[componentName(parameter)] ?? {
      name: "?",
      in: "query",
    }) as oas31.ParameterObject;
  return parameter;
}
