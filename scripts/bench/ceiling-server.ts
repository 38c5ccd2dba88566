import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { tenantAndUserFromRow, tenantAndUserSql, type TenantAndUserRow } from "@/lib/auth/caller-lookup";
import { bearerToken, readToken, type SessionClaims } from "@/lib/auth/token";
import { env, requireDatabaseUrl } from "@/lib/env";
import { isId } from "@/lib/schemas/id";
import { hostTarget } from "@/lib/tenancy/host";
import { can } from "@/lib/tenancy/permissions";
import { prepareAuthEnv } from "../../server/runtime-env";
import { answerBenchControl } from "./control";
import { dashboard } from "./ceiling-dashboard";
import { catalogPage, courseOutline, userListPage, type Caller } from "./ceiling-handlers";
import { listUsersQuerySchema } from "@/lib/schemas/users";
import { query } from "./ceiling-query";
import { AppError, reportAnswer } from "./ceiling-reports";
import { answerXapiCeiling } from "./ceiling-xapi";

// The ceiling: the least a Node server can do to answer the benchmarked requests. node:http and a pg
// Pool of the app's size (DB_POOL_MAX), the app's SQL statement for statement (tenant and caller lookups
// included), the same JSON out. No framework, no ORM, no routing table, no middleware.

prepareAuthEnv();
answerBenchControl(undefined);
// TIMESTAMP(3) columns hold UTC (Prisma writes them so); read them back as UTC, as Prisma does.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (text) => new Date(`${text.replace(" ", "T")}Z`));
const pool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: env.DB_POOL_MAX });

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

// Decrypting the session token (next-auth's JWE) is CPU work the app repeats on every request; the
// ceiling does it once per token. It is not SQL, and the ceiling is about the database work.
const claimsCache = new Map<string, Promise<SessionClaims | null>>();

async function resolveCaller(req: IncomingMessage): Promise<Caller> {
  const target = hostTarget(req.headers.host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  if (target.kind !== "tenant") throw new HttpError(404, "NOT_FOUND");
  const token = bearerToken(req.headers.authorization);
  if (token && !claimsCache.has(token)) claimsCache.set(token, readToken(token));
  const claims = token ? await claimsCache.get(token)! : null;
  if (!claims || claims.tenant !== target.subdomain || !isId(claims.sub)) throw new HttpError(401, "UNAUTHENTICATED");
  const { rows } = await query<TenantAndUserRow>(
    pool,
    tenantAndUserSql(target.subdomain, claims.sub, claims.sid && isId(claims.sid) ? claims.sid : null),
  );
  const { organization, user } = tenantAndUserFromRow(rows[0]!);
  if (!organization) throw new HttpError(404, "NOT_FOUND");
  if (
    !user ||
    user.status !== "active" ||
    user.sessionVersion !== claims.sv ||
    user.sessionId === null ||
    user.sessionId !== claims.sid ||
    user.organizationId !== claims.org ||
    organization.id !== claims.org ||
    organization.status !== "active"
  ) {
    throw new HttpError(401, "UNAUTHENTICATED");
  }
  return {
    organizationId: organization.id,
    userId: user.id,
    role: user.role,
    canEditAny: can(user.role, "courses:update:any"),
    canEditOwn: can(user.role, "courses:update:own"),
  };
}

async function route(req: IncomingMessage): Promise<unknown> {
  const url = new URL(req.url ?? "/", "http://ceiling");
  const report = await reportAnswer(() => resolveCaller(req), {
    method: req.method ?? "GET",
    pathname: url.pathname,
    search: url.searchParams,
  }).catch((error: unknown) => {
    if (error instanceof AppError) throw new HttpError(error.status, error.code);
    throw error;
  });
  if (report !== undefined) return report;
  if (req.method !== "GET") throw new HttpError(405, "METHOD_NOT_ALLOWED");
  if (url.pathname === "/api/health") return { status: "ok" };
  if (url.pathname === "/api/courses") {
    const caller = await resolveCaller(req);
    const page = Number(url.searchParams.get("page") ?? 1);
    const pageSize = Number(url.searchParams.get("page_size") ?? 20);
    return catalogPage(pool, caller, url.searchParams.get("q") ?? "", page, pageSize);
  }
  if (url.pathname === "/api/dashboard") return dashboard(pool, await resolveCaller(req));
  if (url.pathname === "/api/admin/users") {
    const caller = await resolveCaller(req);
    if (!can(caller.role, "users:manage")) throw new HttpError(403, "FORBIDDEN");
    const parsed = listUsersQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw new HttpError(400, "VALIDATION_FAILED");
    return userListPage(pool, caller, parsed.data);
  }
  const outline = /^\/api\/courses\/([^/]+)\/outline$/.exec(url.pathname);
  if (outline) {
    const caller = await resolveCaller(req);
    if (!isId(outline[1]!)) throw new HttpError(404, "NOT_FOUND");
    const result = await courseOutline(pool, caller, outline[1]!);
    if (!result) throw new HttpError(404, "NOT_FOUND");
    return result;
  }
  throw new HttpError(404, "NOT_FOUND");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  if (answerXapiCeiling(pool, req, res)) return;
  route(req).then(
    (body) => send(res, 200, body),
    (error: unknown) => {
      if (error instanceof HttpError)
        return send(res, error.status, { error: { code: error.code, message: error.code } });
      console.error(error);
      send(res, 500, { error: { code: "INTERNAL", message: "Internal error" } });
    },
  );
});
server.listen(Number(process.env.PORT), "0.0.0.0", () => console.log(`ready http://localhost:${process.env.PORT}`));
// Requests still queued when the load stops would only fail noisily against a closed pool: just leave.
process.once("SIGTERM", () => process.exit(0));
