import { z } from "zod";
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiParameters,
  ZodOpenApiPathItemObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from "zod-openapi";
import { errorBodySchema } from "@/lib/openapi/responses/common";
import { idSchema } from "@/lib/schemas/id";
import type { Permission } from "@/lib/tenancy/role-permissions";

// The few helpers every path file uses, so each operation states only what is particular to it: who
// may call it, its inputs (the shared lib/schemas), its answers and the errors it can give.

export const HTTP_METHODS = ["get", "head", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * public: reads no session at all. optional: anonymous callers get the public view, signed-in callers
 * more. signed-in: 401 without a session of this host (lib/http.ts requireCaller).
 */
export type Access = "public" | "optional" | "signed-in";

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "The `token` from POST /auth/login, /auth/register or /auth/register-organization (next-auth's encrypted JWT). " +
      "Only good on the host it was issued on; a password reset revokes older tokens. Wins over the cookie.",
  },
  apiKeyAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "lmsk_…",
    description:
      "An organization's API key (System Settings, API keys section): `Authorization: Bearer lmsk_…`. Good on the `/api` routes of " +
      "its own organization's host only; it holds its scopes (never more than its creator), is rate-limited per key " +
      "(429 with Retry-After) and is refused on the next request once revoked or expired. `x-required-permission` on an " +
      "operation names the scope it needs.",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description:
      "The browser's HTTP-only next-auth session (`__Secure-next-auth.session-token` on https). A write authenticated " +
      "by the cookie must come from a page of the same host (Origin check), else 403.",
  },
} as const;

const SIGNED_IN: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];
/** API keys count on /api routes only (lib/auth/caller.ts). */
const SIGNED_IN_API: Record<string, string[]>[] = [...SIGNED_IN, { apiKeyAuth: [] }];

function securityOf(access: Access, path: string): ZodOpenApiOperationObject["security"] {
  const signedIn = path.startsWith("/api/") ? SIGNED_IN_API : SIGNED_IN;
  if (access === "public") return [];
  // An empty requirement object is OpenAPI's way to say "anonymous is fine too".
  return access === "optional" ? [{}, ...signedIn] : signedIn;
}

/** Reads the access level back from an operation's security (the API page shows it). */
export function accessOf(security: readonly Record<string, unknown>[] | undefined): Access {
  if (!security || security.length === 0) return "public";
  return security.some((s) => Object.keys(s).length === 0) ? "optional" : "signed-in";
}

const errorContent = { "application/json": { schema: errorBodySchema } };

/** The 4xx answers (and the mail server's 503), each a reusable response component with the shared error body. */
export const ERROR_RESPONSES = {
  400: {
    id: "BadRequest",
    description: "Malformed JSON, or input that fails validation (`VALIDATION_FAILED` with `fieldErrors`)",
    content: errorContent,
  },
  401: { id: "Unauthenticated", description: "No valid session or token for this host", content: errorContent },
  403: {
    id: "Forbidden",
    description: "Signed in, but this role or course relationship does not allow it",
    content: errorContent,
  },
  404: {
    id: "NotFound",
    description: "No such record here (another organization's records are 404s too, never 403s)",
    content: errorContent,
  },
  409: { id: "Conflict", description: "A record with these values already exists", content: errorContent },
  413: { id: "PayloadTooLarge", description: "The upload is larger than allowed", content: errorContent },
  415: { id: "UnsupportedMediaType", description: "The upload's type is not accepted", content: errorContent },
  429: {
    id: "RateLimited",
    description: "Too many attempts; retry after the given number of seconds",
    content: errorContent,
    headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait", example: "900" }) }),
  },
  503: {
    id: "ServiceUnavailable",
    description: "The mail server did not accept the e-mail; nothing else failed, and trying again later may work",
    content: errorContent,
  },
} satisfies Record<number, ZodOpenApiResponseObject>;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

export interface OperationSpec extends Omit<
  ZodOpenApiOperationObject,
  "security" | "responses" | "operationId" | "summary"
> {
  operationId: string;
  summary: string;
  access: Access;
  responses: ZodOpenApiResponsesObject;
  /** The 4xx statuses this operation can answer besides the automatic ones (401 when signed in, 403 for cookie writes). */
  errors?: ErrorStatus[];
  /** The named permission the operation needs (docs/permissions.md): an API key needs it among its scopes. */
  permission?: Permission;
}

function finish(
  method: HttpMethod,
  tag: string,
  path: string,
  { access, errors = [], responses, tags, permission, ...rest }: OperationSpec,
): ZodOpenApiOperationObject {
  const statuses = new Set<ErrorStatus>(errors);
  if (access === "signed-in") statuses.add(401);
  if (access !== "public" && method !== "get") statuses.add(403);
  const errorResponses = Object.fromEntries([...statuses].sort().map((s) => [String(s), ERROR_RESPONSES[s]]));
  return {
    ...rest,
    ...(permission ? { "x-required-permission": permission } : {}),
    tags: tags ?? [tag],
    security: securityOf(access, path),
    responses: { ...responses, ...errorResponses },
  };
}

type PathSpec = Partial<Record<HttpMethod, OperationSpec>> & {
  requestParams?: ZodOpenApiParameters;
  servers?: ZodOpenApiPathItemObject["servers"];
};

/** One domain's paths, tagged alike: `{ "/api/x/{id}": { get: {...}, patch: {...} } }`. */
export function definePaths(tag: string, paths: Record<string, PathSpec>): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const [path, { requestParams, servers, ...operations }] of Object.entries(paths)) {
    const item: ZodOpenApiPathItemObject = servers ? { servers } : {};
    for (const method of HTTP_METHODS) {
      const spec = operations[method];
      if (!spec) continue;
      const operation = finish(method, tag, path, spec);
      // Path parameters are written once per path and shared by its operations.
      if (requestParams) operation.requestParams = { ...requestParams, ...operation.requestParams };
      item[method] = operation;
    }
    out[path] = item;
  }
  return out;
}

export function jsonBody(schema: z.ZodType, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } };
}

export function json(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, content: { "application/json": { schema } } };
}

export const noContent: ZodOpenApiResponseObject = { description: "Done; no body" };

/** Path parameters: every record id is a UUID (another value is a 404). */
export function pathIds<K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, idSchema])) as Record<K, typeof idSchema>);
}
