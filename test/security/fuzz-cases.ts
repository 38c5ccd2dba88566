import fc from "fast-check";
import { isUuid, type ApiOperation, type JsonSchema } from "./api-operations";
import { setAt, type BuiltRequest } from "./requests";

// Bad requests, generated from an operation's OpenAPI schema and a request it accepts: each case is the
// valid request broken in one way (a wrong type, a missing or extra field, a 1 MB string, unicode that
// storage refuses, deep nesting, malformed JSON or multipart, a wrong content type, an id that is not
// one, pagination out of range). The fuzz suite sends them and expects a 4xx that says what is wrong.

export interface FuzzCase {
  [fc.toStringMethod]?: () => string;
  /** What was broken, for the failure message. */
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const MB = 1024 * 1024;

/** Percent-encoding that never throws: encodeURIComponent refuses lone surrogates, UTF-8 makes them U+FFFD. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

/** Strings PostgreSQL, JSON or a naive renderer choke on: NUL, lone surrogates, direction marks, BOMs. */
const EDGE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\uDBFF\uDBFF",
  "\u202Eevil\u202C",
  "\u200F\u200E\u061C",
  "\uFEFFbom",
  "\u200B\u200D",
  "e\u0301\u0301\u0301\u0301",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀👩‍👩‍👧",
  "\r\n\t\u000b\u000c",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00%ZZ",
  "",
  " ",
];

const edgeString = fc.oneof(
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ unit: fc.constantFrom(...EDGE_STRINGS.filter((s) => s.length > 0)), maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** Ids that are not ids, and ids of nothing. */
const badId = fc.oneof(
  fc.constantFrom(
    "1",
    "-1",
    "0",
    "abc",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
    "../..",
    "' OR 1=1 --",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "0199a3c2-1b2c-7d3e-8f40-123456789abcd",
    "0199a3c2-1b2c-7d3e-8f40-12345678",
  ),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid(),
  edgeString,
);

/** A number or text where pagination expects a small positive integer. */
const badQueryValue = fc.oneof(
  fc.constantFrom(
    "-1",
    "0",
    "-0",
    "1.5",
    "1e3",
    "NaN",
    "Infinity",
    "99999999999999999999",
    "2147483648",
    "9007199254740993",
    "",
    " ",
    "0x10",
    "1,2",
  ),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }).map(String),
  edgeString,
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/**
 * `depth` levels of arrays or objects at `pointer`, written as text: parsers and validators that recurse
 * may run out of stack (and so would JSON.stringify, here).
 */
function withNesting(base: unknown, pointer: string[], depth: number, kind: "array" | "object"): string {
  const placeholder = "\u0001nested\u0001";
  const [open, close] = kind === "array" ? ["[", "]"] : ['{"a":', "}"];
  const text = JSON.stringify(setAt(base, pointer, placeholder)) ?? "";
  return text.replace(JSON.stringify(placeholder), `${open.repeat(depth)}"deep"${close.repeat(depth)}`);
}

/** Every place of a body schema a value can go: the root, then each property and array item, as setAt pointers. */
export function schemaPointers(
  schema: JsonSchema,
  pointer: string[] = [],
  depth = 0,
): { pointer: string[]; schema: JsonSchema }[] {
  const found = [{ pointer, schema }];
  if (depth > 6) return found;
  const options = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  for (const option of options) {
    for (const [name, property] of Object.entries(option.properties ?? {}))
      found.push(...schemaPointers(property, [...pointer, name], depth + 1));
    if (option.items) found.push(...schemaPointers(option.items, [...pointer, "*"], depth + 1));
  }
  return found;
}

function removeAt(value: unknown, pointer: string[]): unknown {
  if (pointer.length === 0) return undefined;
  const [head, ...rest] = pointer;
  if (Array.isArray(value)) {
    const list = [...value];
    if (head === "*")
      return rest.length ? list.map((item, i) => (i === 0 ? removeAt(item, rest) : item)) : list.slice(1);
    return list;
  }
  if (!value || typeof value !== "object") return value;
  const object = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete object[head!];
  else object[head!] = removeAt(object[head!], rest);
  return object;
}

/** A case that fast-check reports as its one-line description (its body may be megabytes long). */
function fuzzCase(c: Omit<FuzzCase, typeof fc.toStringMethod>): FuzzCase {
  return { ...c, [fc.toStringMethod]: () => describeCase(c) };
}

const withJson = (valid: BuiltRequest, kind: string, value: unknown): FuzzCase =>
  fuzzCase({
    kind,
    method: valid.method,
    path: valid.path,
    headers: { ...valid.headers, "content-type": "application/json" },
    body: JSON.stringify(value) ?? "",
  });
const withRaw = (valid: BuiltRequest, kind: string, body: string | Buffer, contentType?: string): FuzzCase => {
  const headers = { ...valid.headers };
  delete headers["content-type"];
  if (contentType !== undefined) headers["content-type"] = contentType;
  return fuzzCase({ kind, method: valid.method, path: valid.path, headers, body });
};

/** JSON bodies broken one way at a time, at a place the schema names. */
function jsonBodyCases(op: ApiOperation, valid: BuiltRequest): fc.Arbitrary<FuzzCase>[] {
  const base = JSON.parse(String(valid.body)) as unknown;
  const places = schemaPointers(op.body!.schema);
  const place = fc.constantFrom(...places);
  const idPlaces = places.filter((p) => isUuid(p.schema));
  const text = String(valid.body);
  return [
    fc
      .tuple(place, wrongType)
      .map(([p, v]) =>
        withJson(valid, `wrong type at ${p.pointer.join(".") || "the root"}`, setAt(base, p.pointer, v)),
      ),
    place
      .filter((p) => p.pointer.length > 0)
      .map((p) => withJson(valid, `missing ${p.pointer.join(".")}`, removeAt(base, p.pointer))),
    fc
      .tuple(place, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }))
      .map(([p, key, v]) =>
        withJson(
          valid,
          `extra field ${JSON.stringify(key)} at ${p.pointer.join(".") || "the root"}`,
          setAt(base, [...p.pointer, key], v),
        ),
      ),
    fc
      .tuple(place, fc.constantFrom("x", "é", "😀", "\u0000"))
      .map(([p, unit]) =>
        withJson(
          valid,
          `1 MB string of ${JSON.stringify(unit)} at ${p.pointer.join(".") || "the root"}`,
          setAt(base, p.pointer, unit.repeat(MB / unit.length)),
        ),
      ),
    fc
      .tuple(place, edgeString)
      .map(([p, s]) =>
        withJson(
          valid,
          `unicode ${JSON.stringify(s)} at ${p.pointer.join(".") || "the root"}`,
          setAt(base, p.pointer, s),
        ),
      ),
    fc
      .tuple(
        place,
        fc.integer({ min: 50, max: 20_000 }),
        fc.constantFrom("array", "object") as fc.Arbitrary<"array" | "object">,
      )
      .map(([p, depth, kind]) =>
        withRaw(
          valid,
          `${kind}s nested ${depth} deep at ${p.pointer.join(".") || "the root"}`,
          withNesting(base, p.pointer, depth, kind),
          "application/json",
        ),
      ),
    ...(idPlaces.length
      ? [
          fc
            .tuple(fc.constantFrom(...idPlaces), badId)
            .map(([p, id]) =>
              withJson(valid, `id ${JSON.stringify(id)} at ${p.pointer.join(".")}`, setAt(base, p.pointer, id)),
            ),
        ]
      : []),
    fc
      .oneof(
        fc
          .integer({ min: 0, max: Math.max(0, text.length - 1) })
          .map((cut) => ({ why: `JSON cut at ${cut}`, body: text.slice(0, cut) })),
        fc.constantFrom(
          { why: "JSON with garbage after it", body: `${text}}` },
          { why: "a trailing comma", body: text.replace(/}$/, ",}") },
          { why: "a byte-order mark", body: `\uFEFF${text}` },
          { why: "NaN", body: '{"a":NaN}' },
          { why: "a number too large", body: '{"a":1e999}' },
          { why: "JSON null", body: "null" },
          { why: "a JSON array", body: "[]" },
          { why: "a JSON string", body: '"text"' },
          { why: "an empty body", body: "" },
          { why: "invalid UTF-8", body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
          { why: "a lone surrogate escaped in JSON", body: text.replace(/"([^"]*)"\s*:\s*"/, '"$1":"\\ud800') },
          { why: "a NUL escaped in JSON", body: text.replace(/"([^"]*)"\s*:\s*"/, '"$1":"\\u0000') },
        ),
        fc.string({ maxLength: 60 }).map((s) => ({ why: "random text", body: s })),
      )
      .map(({ why, body }) => withRaw(valid, `malformed JSON: ${why}`, body, "application/json")),
    fc
      .constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/xml",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16",
        "application/octet-stream",
        "",
        undefined,
      )
      .map((type) =>
        withRaw(
          valid,
          `the valid body as ${type === undefined ? "no content type" : JSON.stringify(type)}`,
          text,
          type,
        ),
      ),
  ];
}

/** Multipart uploads broken: boundaries, truncation, missing or wrong parts, bytes that are not what they claim. */
function multipartCases(op: ApiOperation, valid: BuiltRequest): fc.Arbitrary<FuzzCase>[] {
  const body = valid.body as Buffer;
  const contentType = valid.headers["content-type"]!;
  const fileField =
    Object.entries(op.body!.schema.properties ?? {}).find(([, p]) => p.format === "binary")?.[0] ?? "file";
  const boundary = "----fuzzboundary";
  const part = (name: string, filename: string | null, type: string, content: string | Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? "" : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from("\r\n"),
    ]);
  const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  const formType = `multipart/form-data; boundary=${boundary}`;
  return [
    fc
      .integer({ min: 0, max: body.length - 1 })
      .map((cut) => withRaw(valid, `multipart cut at ${cut}`, body.subarray(0, cut), contentType)),
    fc
      .constantFrom(
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=nope",
        "application/json",
        "text/plain",
        undefined,
      )
      .map((type) => withRaw(valid, `the valid upload as ${type ?? "no content type"}`, body, type)),
    fc
      .uint8Array({ maxLength: 2048 })
      .map((bytes) => withRaw(valid, "random bytes as multipart", Buffer.from(bytes), contentType)),
    fc
      .constantFrom(
        { why: "no parts", body: form() },
        { why: "the file as a text field", body: form(part(fileField, null, "text/plain", "not a file")) },
        { why: "the file under another name", body: form(part("other", "a.png", "image/png", "x")) },
        { why: "an empty file", body: form(part(fileField, "empty.png", "image/png", "")) },
        {
          why: "text claiming to be an image",
          body: form(part(fileField, "a.png", "image/png", "not an image at all")),
        },
        {
          why: "two files",
          body: form(part(fileField, "a.txt", "text/plain", "a"), part(fileField, "b.txt", "text/plain", "b")),
        },
      )
      .map(({ why, body: b }) => withRaw(valid, `multipart: ${why}`, b, formType)),
    edgeString.map((name) =>
      withRaw(
        valid,
        `multipart file named ${JSON.stringify(name)}`,
        form(part(fileField, name.replaceAll('"', ""), "text/plain", "content")),
        formType,
      ),
    ),
  ];
}

/** Raw uploads (a SCORM package): bytes that are not a zip, a cut zip, the wrong content type. */
function rawUploadCases(valid: BuiltRequest): fc.Arbitrary<FuzzCase>[] {
  const body = valid.body as Buffer;
  const contentType = valid.headers["content-type"];
  return [
    fc.uint8Array({ maxLength: 4096 }).map((bytes) => withRaw(valid, "random bytes", Buffer.from(bytes), contentType)),
    fc
      // A form whose fields are all optional is valid empty: the cut is then the empty body.
      .integer({ min: 0, max: Math.max(0, body.length - 1) })
      .map((cut) => withRaw(valid, `the package cut at ${cut}`, body.subarray(0, cut), contentType)),
    fc
      .constantFrom("application/json", "text/plain", "multipart/form-data", undefined)
      .map((type) => withRaw(valid, `the package as ${type ?? "no content type"}`, body, type)),
    fc.constant(withRaw(valid, "a JSON body", '{"package":"x"}', "application/json")),
  ];
}

/** Query strings with pagination out of range, unknown values and repeated or unknown parameters. */
function queryCases(op: ApiOperation, valid: BuiltRequest): fc.Arbitrary<FuzzCase>[] {
  const [pathOnly, search = ""] = valid.path.split("?");
  const names = op.queryParameters.map((p) => p.name);
  const withQuery = (kind: string, query: string): FuzzCase =>
    fuzzCase({ kind, method: valid.method, path: `${pathOnly}?${query}`, headers: valid.headers, body: valid.body });
  const encode = (pairs: [string, string][]) =>
    pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&");
  return [
    fc
      .tuple(fc.constantFrom(...names), fc.oneof(badQueryValue, badId))
      .map(([name, value]) => withQuery(`${name}=${JSON.stringify(value)}`, encode([[name, value]]))),
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.array(fc.oneof(badQueryValue, fc.constantFrom("1", "2")), { minLength: 2, maxLength: 4 }),
      )
      .map(([name, values]) => withQuery(`${name} repeated`, encode(values.map((v) => [name, v])))),
    fc
      .constantFrom(...names)
      .map((name) => withQuery(`${name}[] array syntax`, `${percentEncode(name)}[]=1&${percentEncode(name)}[]=2`)),
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.constantFrom("x".repeat(MB / 8), "%".repeat(200), "%ZZ%00%", "%E0%A4%A", "%ED%A0%80"),
      )
      .map(([name, value]) => withQuery(`${name} raw ${value.slice(0, 12)}…`, `${percentEncode(name)}=${value}`)),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 10 }), edgeString)
      .map(([name, value]) =>
        withQuery(
          `unknown parameter ${JSON.stringify(name)}`,
          [search, encode([[name, value]])].filter(Boolean).join("&"),
        ),
      ),
  ];
}

/** The valid request's path parameters, read back from its path by the operation's template (a file's path spans segments). */
function pathValues(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 ? (names.push(part), "(.+?)") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const match = new RegExp(`^${source}$`).exec(path.split("?")[0]!);
  return Object.fromEntries(names.map((name, i) => [name, match?.[i + 1] ?? ""]));
}

/** The valid value one edit away: a character changed, cut short, lengthened (a token whose MAC must fail). */
const oneEditAway = (value: string) =>
  fc
    .tuple(fc.nat(), fc.constantFrom("changed", "cut short", "lengthened"), fc.constantFrom("A", "_", "-", "0", "~"))
    .map(([at, edit, unit]) => {
      const i = value.length ? at % value.length : 0;
      const edited =
        edit === "cut short"
          ? value.slice(0, i)
          : edit === "lengthened"
            ? `${value}${unit}`
            : `${value.slice(0, i)}${value[i] === unit ? "B" : unit}${value.slice(i + 1)}`;
      return { edit: `${edit} at ${i}`, value: edited };
    });

/** Path ids and tokens that are not ones, or name nothing; percent-encoding that does not decode. */
function pathIdCases(op: ApiOperation, valid: BuiltRequest): fc.Arbitrary<FuzzCase>[] {
  const names = op.idPositions.filter((p) => p.in === "path").map((p) => p.pointer[0]!);
  if (!names.length) return [];
  const values = pathValues(op.path, valid.path);
  const replace = (name: string, raw: string) =>
    op.path.replace(/\{(\w+)\}/g, (_, n: string) => (n === name ? raw : values[n]!));
  const at = (name: string, raw: string, kind: string) =>
    fuzzCase({
      kind: `${name} ${kind}`,
      method: valid.method,
      path: replace(name, raw),
      headers: valid.headers,
      body: valid.body,
    });
  return [
    fc
      .tuple(fc.constantFrom(...names), badId)
      .map(([name, id]) => at(name, percentEncode(id), `= ${JSON.stringify(id)}`)),
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.constantFrom("%ZZ", "%", "%E0%A4%A", "%00", "%2e%2e", "..", "%252e%252e", "%C0%AE%C0%AE", "%ED%A0%80"),
      )
      .map(([name, raw]) => at(name, raw, `raw ${raw}`)),
    fc
      .constantFrom(...names)
      .chain((name) => oneEditAway(values[name]!).map(({ edit, value }) => at(name, value, `${edit}: ${value}`))),
  ];
}

/** Every way to break this operation's request, as one arbitrary. */
export function fuzzCases(op: ApiOperation, valid: BuiltRequest): fc.Arbitrary<FuzzCase> {
  const arbitraries: fc.Arbitrary<FuzzCase>[] = [...pathIdCases(op, valid)];
  if (op.body?.contentType === "application/json") arbitraries.push(...jsonBodyCases(op, valid));
  else if (op.body?.contentType === "multipart/form-data") arbitraries.push(...multipartCases(op, valid));
  else if (op.body) arbitraries.push(...rawUploadCases(valid));
  if (op.queryParameters.length) arbitraries.push(...queryCases(op, valid));
  return fc.oneof(...arbitraries);
}

/** The case as a line a developer can replay (long bodies shortened). */
export function describeCase(c: Omit<FuzzCase, typeof fc.toStringMethod>): string {
  const body =
    c.body === undefined
      ? ""
      : Buffer.isBuffer(c.body)
        ? `<${c.body.length} bytes>`
        : c.body.length > 300
          ? `${JSON.stringify(c.body.slice(0, 300))}… (${c.body.length} chars)`
          : JSON.stringify(c.body);
  return `${c.kind}: ${c.method} ${c.path.length > 300 ? `${c.path.slice(0, 300)}…` : c.path} ${JSON.stringify(c.headers)} ${body}`;
}
