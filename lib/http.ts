import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { z } from "zod";
import { hostContext, sessionFromRequest, type Caller, type CallerLookup, type RequestHead } from "@/lib/auth/caller";
import { env } from "@/lib/env";
import { AppError, errorBody, toAppError, validationError } from "@/lib/errors";
import { logger } from "@/lib/log/logger";
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "@/lib/schemas/text";
import { API_HEADERS } from "@/lib/security-headers";
import type { RequestContext, VisitorContext } from "@/lib/tenancy/context";

// The route-handler toolkit: small helpers composed inside each handler, and one wrapper that turns
// anything thrown into the JSON error body. Handlers stay thin over lib/server.

type RouteContext<P> = { params: Promise<P> };

export function handle<P = Record<string, never>>(
  fallbackMessage: string,
  fn: (req: Request, context: RouteContext<P>) => Promise<Response | object>,
): (req: Request, context: RouteContext<P>) => Promise<Response> {
  return async (req, context) => {
    try {
      const result = await fn(req, context);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(toAppError(error, fallbackMessage));
    }
  };
}

/**
 * What an endpoint answers, before it is written out: as a web Response by a route handler, or to a node
 * response by the custom server's fast path (server/app-server.ts). The body is sent as JSON.
 */
export interface HttpAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** The API's locked-down headers, sent with every error body wherever it is answered (pages and files routes too). */
const ERROR_HEADERS = Object.fromEntries(API_HEADERS.map(({ key, value }) => [key, value]));

/** The one error writer: the JSON error body and its status; 5xx are logged with their stack (their details never leave). */
export function errorAnswer(error: AppError): HttpAnswer {
  if (error.status >= 500) logger().error({ err: error.cause ?? error }, error.message);
  return { status: error.status, headers: { ...ERROR_HEADERS, ...error.headers }, body: errorBody(error) };
}

export function answerResponse(answer: HttpAnswer): Response {
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export function errorResponse(error: AppError): Response {
  return answerResponse(errorAnswer(error));
}

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * The methods a route file does not implement, answering 405 in the JSON error shape with an Allow header
 * (Next's own 405 has no body; HEAD follows GET). Every route file ends with a line like
 * `export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");` (lib/route-methods.test.ts checks it).
 */
export function notAllowedExcept<A extends RouteMethod>(
  ...allowed: A[]
): Record<Exclude<RouteMethod, A>, (req: Request) => Response> {
  const allow = allowed.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])).join(", ");
  const answer = (req: Request) => {
    const { pathname } = new URL(req.url);
    return errorResponse(
      new AppError("METHOD_NOT_ALLOWED", `${req.method} is not allowed on ${pathname}: use ${allow}`, {
        headers: { Allow: allow },
      }),
    );
  };
  const others = ROUTE_METHODS.filter((m) => !(allowed as readonly string[]).includes(m));
  return Object.fromEntries(others.map((m) => [m, answer])) as Record<
    Exclude<RouteMethod, A>,
    (req: Request) => Response
  >;
}

/**
 * Unknown paths below /api and /auth (catch-all route files; Next prefers every specific route): a 404
 * in the JSON error shape, whatever the method, where Next would answer its HTML page.
 */
export function unknownApiPath(): Record<RouteMethod, (req: Request) => Response> {
  const answer = (req: Request) =>
    errorResponse(new AppError("NOT_FOUND", `No API endpoint at ${new URL(req.url).pathname}`));
  return Object.fromEntries(ROUTE_METHODS.map((m) => [m, answer])) as Record<RouteMethod, (req: Request) => Response>;
}

/** The caller's context for routes that anonymous visitors may use too (the catalog, a placeholder). */
export async function requestContext(req: Request): Promise<RequestContext> {
  return (await sessionFromRequest(req)).ctx;
}

/** A visitor's context on the request's host, for the sign-in, registration and reset routes. */
export function visitorRequestContext(req: Request): Promise<VisitorContext> {
  return hostContext(req.headers.get("host"));
}

/** The signed-in caller of this host, or 401. `lookup`: see CallerLookup (the SCORM commit endpoint's). */
export async function requireCaller(req: RequestHead, lookup?: CallerLookup): Promise<Caller> {
  const { caller } = await sessionFromRequest(req, lookup);
  if (!caller) throw new AppError("UNAUTHENTICATED", "Authentication required: sign in on this organization's address");
  return caller;
}

/** Parses a JSON body with a schema: malformed JSON and missing fields are 400s naming the problem. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return readJsonBody(req.body as AsyncIterable<Uint8Array> | null, req.headers.get("content-length"), schema);
}

/** readJson for a body that is a stream of bytes: a web Request's, or a node request itself (the fast paths). */
export async function readJsonBody<S extends z.ZodType>(
  body: AsyncIterable<Uint8Array> | null,
  declaredLength: string | null,
  schema: S,
): Promise<z.infer<S>> {
  return parseInput(schema, parseJsonText(await readBodyText(body, declaredLength)));
}

/** Like readJson, but an empty body stands for `{}` (a POST whose options are all optional). */
export async function readOptionalJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const text = await requestText(req);
  return parseInput(schema, text.trim() === "" ? {} : parseJsonText(text));
}

/** JSON bodies larger than this are a 413: no form or API call of ours comes near it. */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;

function requestText(req: Request): Promise<string> {
  return readBodyText(req.body as AsyncIterable<Uint8Array> | null, req.headers.get("content-length"));
}

/**
 * The one body reader: a request body (a web Request's stream, or the node request itself) as UTF-8
 * text, at most `maxBytes`. A body over the limit is a 413; it is read to its end all the same (and
 * dropped), so the answer still reaches a client that is sending it.
 */
export async function readBodyText(
  body: AsyncIterable<Uint8Array> | null,
  declaredLength: string | null,
  maxBytes = MAX_JSON_BODY_BYTES,
): Promise<string> {
  const tooLarge = () =>
    new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`);
  if (Number(declaredLength ?? 0) > maxBytes) throw tooLarge();
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    }
  } catch {
    throw new AppError("BAD_REQUEST", "The request body could not be read");
  }
  if (size > maxBytes) throw tooLarge();
  return Buffer.concat(chunks).toString("utf8");
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body must be valid JSON");
  }
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const field = unstorable.join(".") || "_";
    throw new AppError("VALIDATION_FAILED", `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, {
      fieldErrors: { [field]: [UNSTORABLE_TEXT_MESSAGE] },
    });
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The client's IP. Our server (server/app-server.ts) stamps the socket address into
 * x-lms-remote-addr, overwriting whatever a client sent; behind a trusted proxy, its X-Forwarded-For wins.
 */
export function clientIp(headers: Headers): string {
  if (env.TRUST_PROXY) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return headers.get("x-lms-remote-addr") ?? "unknown";
}

export function isMultipart(req: Request): boolean {
  return req.headers.get("content-type")?.startsWith("multipart/form-data") ?? false;
}

/** A multipart/form-data body read whole (small ones: an image); one that cannot be read is a 400. */
export async function readForm(req: Request): Promise<FormData> {
  return req.formData().catch(() => {
    throw new AppError("BAD_REQUEST", "The multipart body could not be read");
  });
}

/** One file from a multipart/form-data body, under `field`. */
export async function readUploadedFile(req: Request, field: string): Promise<File> {
  if (!isMultipart(req)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the file as multipart/form-data in the field '${field}'`);
  }
  const form = await readForm(req);
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) {
    throw new AppError("VALIDATION_FAILED", `${field}: a non-empty file is required`, {
      fieldErrors: { [field]: ["A file is required"] },
    });
  }
  return file;
}

/** A file arriving in a multipart/form-data body, not yet read: its bytes are the stream. */
export interface UploadStream {
  fileName: string;
  mimeType: string;
  stream: Readable;
}

/**
 * The part's bytes as the caller reads them. A body cut short errors busboy's part with a plain "Unexpected
 * end of form", which every reader would turn into a 500: here it becomes the 400 it is, whoever reads.
 * A reader that stops early (a size limit) stops the part too.
 */
function asUploadStream(part: Readable): Readable {
  const stream = new PassThrough();
  part.on("error", () =>
    stream.destroy(new AppError("BAD_REQUEST", "The upload was interrupted before the whole file arrived")),
  );
  // The body may break before the caller starts reading (it checks things first): a reader still meets
  // the error (a destroyed stream keeps it), but meanwhile it must not be an uncaught one.
  stream.on("error", () => undefined);
  stream.on("close", () => part.readableEnded || part.destroy());
  return part.pipe(stream);
}

/**
 * The file under `field` of a multipart/form-data body, as a stream (busboy): nothing is held in memory,
 * however large. Resolves when the file's part begins; other fields and files are skipped. The caller
 * must read the stream to its end (or fail): the rest of the body waits behind it.
 */
export function openUploadedFile(req: Request, field: string): Promise<UploadStream> {
  if (!isMultipart(req)) {
    return Promise.reject(
      new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the file as multipart/form-data in the field '${field}'`),
    );
  }
  const missing = () =>
    new AppError("VALIDATION_FAILED", `${field}: a non-empty file is required`, {
      fieldErrors: { [field]: ["A file is required"] },
    });
  if (!req.body) return Promise.reject(missing());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send a file's name as raw UTF-8 ("Übung 1.html"); busboy would read it as Latin-1.
      parser = busboy({
        headers: { "content-type": req.headers.get("content-type")! },
        defParamCharset: "utf8",
        limits: { files: 1 },
      });
    } catch {
      return reject(new AppError("BAD_REQUEST", "The multipart body could not be read"));
    }
    let found = false;
    parser.on("file", (name, stream, info) => {
      if (name !== field || found) {
        // Without a listener, an error of a skipped part (the body cut short) would be uncaught.
        stream.on("error", () => undefined);
        return void stream.resume();
      }
      found = true;
      resolve({ fileName: info.filename ?? "", mimeType: info.mimeType, stream: asUploadStream(stream) });
    });
    parser.on("error", () => reject(new AppError("BAD_REQUEST", "The multipart body could not be read")));
    parser.on("close", () => found || reject(missing()));
    Readable.fromWeb(req.body as NodeReadableStream<Uint8Array>)
      .on("error", (error) => parser.destroy(error))
      .pipe(parser);
  });
}
