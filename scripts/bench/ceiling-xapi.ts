import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { hostTarget } from "@/lib/tenancy/host";
import { hashLrsSecret } from "@/lib/server/xapi/clients";
import { sameHash } from "@/lib/server/xapi/lrs-context";
import { queryStatements, type StatementQuery } from "@/lib/server/xapi/statement-queries";
import {
  insertStatementsSql,
  knownStatementsSql,
  lrsClientSql,
  type LrsClientRow,
} from "@/lib/server/xapi/statement-sql";
import { statementRow } from "@/lib/server/xapi/statement-row";
import { agentKey } from "@/lib/xapi/agents";
import { query } from "./ceiling-query";

// The ceiling of the xAPI rows: /xapi/statements on node:http and the pg pool, with the app's statements
// (lib/server/xapi/statement-sql.ts, and the app's query builder run on this pool) and the app's row
// making (statementRow): the client looked up by its key on the host's organization and its secret
// checked, then for a POST the batch's known ids read and its rows inserted, for a GET the page read. No
// framework, no validation of the statements (the app checks every rule of the data model first), no
// CORS or error answers beyond a status.

type Obj = Record<string, unknown>;

class Refused extends Error {
  constructor(readonly status: number) {
    super(String(status));
  }
}

async function client(pool: pg.Pool, req: IncomingMessage): Promise<LrsClientRow & { origin: string }> {
  const target = hostTarget(req.headers.host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  if (target.kind !== "tenant") throw new Refused(404);
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  const decoded = Buffer.from(basic?.[1] ?? "", "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new Refused(401);
  const { rows } = await query<LrsClientRow>(pool, lrsClientSql(target.subdomain, decoded.slice(0, colon)));
  const row = rows[0];
  if (!row || !sameHash(row.secretHash, hashLrsSecret(decoded.slice(colon + 1)))) throw new Refused(401);
  return { ...row, origin: `http://${req.headers.host}` };
}

const run =
  (pool: pg.Pool) =>
  async <R extends object>(sql: Prisma.Sql): Promise<R[]> =>
    (await query<R & pg.QueryResultRow>(pool, sql)).rows;

async function post(pool: pg.Pool, req: IncomingMessage, body: string): Promise<unknown> {
  const c = await client(pool, req);
  if (!c.scopes.includes("statements/write") && !c.scopes.includes("all")) throw new Refused(403);
  const value = JSON.parse(body) as unknown;
  const batch = (Array.isArray(value) ? value : [value]) as Obj[];
  const ids = batch.map((s) => (typeof s.id === "string" ? s.id.toLowerCase() : randomUUID()));
  const known = await query<{ id: string }>(pool, knownStatementsSql(c.organizationId, ids));
  if (known.rows.length > 0) throw new Refused(409);
  const lrs = {
    organizationId: c.organizationId,
    clientId: c.id,
    clientKey: c.key,
    clientName: c.name,
    origin: c.origin,
  };
  const stored = new Date();
  const rows = batch.map((s, i) => statementRow(lrs, { ...s, id: ids[i] }, stored, "2.0"));
  await query(pool, insertStatementsSql(rows));
  return ids;
}

/** A page's JSON text, spliced from the statements' stored text as the app's `exact` answer is. */
async function get(pool: pg.Pool, req: IncomingMessage, url: URL): Promise<string> {
  const c = await client(pool, req);
  const p = url.searchParams;
  // The query as the app parses it (statement-routes.ts), for the filters the rows use, key for key.
  const agent = p.get("agent");
  const q = {
    ...(agent ? { agentKey: agentKey(JSON.parse(agent)) } : {}),
    verb: p.get("verb") ?? undefined,
    activity: undefined,
    registration: p.get("registration")?.toLowerCase() ?? undefined,
    relatedActivities: false,
    relatedAgents: false,
    since: p.get("since") ?? undefined,
    until: undefined,
    limit: 0,
    ascending: false,
  } satisfies StatementQuery;
  const page = await queryStatements(
    { organizationId: c.organizationId, clientId: c.id, scopes: new Set(c.scopes) },
    q,
    run(pool),
  );
  const more = page.next
    ? `/xapi/statements?more=${Buffer.from(JSON.stringify({ ...page.next, format: "exact", attachments: false })).toString("base64url")}`
    : "";
  return `{"statements":[${page.statementsJson.join(",")}],"more":${JSON.stringify(more)}}`;
}

/** Answers /xapi/statements (true), or leaves the request to the other routes (false). */
export function answerXapiCeiling(pool: pg.Pool, req: IncomingMessage, res: ServerResponse): boolean {
  const url = new URL(req.url ?? "/", "http://ceiling");
  if (url.pathname !== "/xapi/statements") return false;
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const answer =
      req.method === "POST" ? post(pool, req, Buffer.concat(chunks).toString("utf8")) : get(pool, req, url);
    answer.then(
      (body) => {
        const text = typeof body === "string" ? body : JSON.stringify(body);
        res.writeHead(200, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
          "x-experience-api-version": "2.0.0",
        });
        res.end(text);
      },
      (error: unknown) => {
        if (!(error instanceof Refused)) console.error(error);
        res.writeHead(error instanceof Refused ? error.status : 500);
        res.end();
      },
    );
  });
  return true;
}
