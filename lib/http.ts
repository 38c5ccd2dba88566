import type { z } from "zod";
import { hostContext, sessionFromRequest, type Caller } from "@/lib/auth/caller";
import { env } from "@/lib/env";
import { AppError, errorBody, toAppError, validationError } from "@/lib/errors";
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

export function errorResponse(error: AppError): Response {
  if (error.status >= 500) console.error(error.message, error.cause ?? error);
  return Response.json(errorBody(error), { status: error.status, headers: error.headers });
}

/** The caller's context for routes that anonymous visitors may use too (the catalog, a placeholder). */
export async function requestContext(req: Request): Promise<RequestContext> {
  return (await sessionFromRequest(req)).ctx;
}

/** A visitor's context on the request's host, for the sign-in, registration and reset routes. */
export function visitorRequestContext(req: Request): Promise<VisitorContext> {
  return hostContext(req.headers.get("host"));
}

/** The signed-in caller of this host, or 401. */
export async function requireCaller(req: Request): Promise<Caller> {
  const { caller } = await sessionFromRequest(req);
  if (!caller) throw new AppError("UNAUTHENTICATED", "Authentication required: sign in on this organization's address");
  return caller;
}

/** Parses a JSON body with a schema: malformed JSON and missing fields are 400s naming the problem. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return parseInput(schema, parseJsonText(await bodyText(req)));
}

/** Like readJson, but an empty body stands for `{}` (a POST whose options are all optional). */
export async function readOptionalJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const text = await bodyText(req);
  return parseInput(schema, text.trim() === "" ? {} : parseJsonText(text));
}

function bodyText(req: Request): Promise<string> {
  return req.text().catch(() => {
    throw new AppError("BAD_REQUEST", "The request body could not be read");
  });
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body must be valid JSON");
  }
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The client's IP. Our server (scripts/lib/app-server.ts) stamps the socket address into
 * x-lms-remote-addr, overwriting whatever a client sent; behind a trusted proxy, its X-Forwarded-For wins.
 */
export function clientIp(headers: Headers): string {
  if (env.TRUST_PROXY) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return headers.get("x-lms-remote-addr") ?? "unknown";
}

/** One file from a multipart/form-data body, under `field`. */
export async function readUploadedFile(req: Request, field: string): Promise<File> {
  if (!req.headers.get("content-type")?.startsWith("multipart/form-data")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the file as multipart/form-data in the field '${field}'`);
  }
  const form = await req.formData().catch(() => {
    throw new AppError("BAD_REQUEST", "The multipart body could not be read");
  });
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) {
    throw new AppError("VALIDATION_FAILED", `${field}: a non-empty file is required`, { fieldErrors: { [field]: ["A file is required"] } });
  }
  return file;
}
