import "server-only";
import { db, queryRows, type QueryRowsFn } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { readObject } from "@/lib/storage/store";
import { XapiError } from "@/lib/server/xapi/errors";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import { readsOnlyOwn } from "@/lib/xapi/scopes";

// Reading statements (xAPI Part Three, 2.1.3 GET Statements): one by id, or a page of a query, newest
// first unless `ascending`, with a `more` token for the next page. Filters on the agent, verb, activity
// and registration match a statement and, per the spec's StatementRef rule, the statements that refer to
// it (a voiding statement among them). Voided statements are left out of queries; a voiding statement is not.

type Obj = Record<string, unknown>;

export const MAX_PAGE = 500;

export interface StatementQuery {
  agentKey?: string | null;
  verb?: string;
  activity?: string;
  registration?: string;
  relatedActivities?: boolean;
  relatedAgents?: boolean;
  since?: string;
  until?: string;
  limit: number;
  ascending: boolean;
  /** The last seq of the previous page. */
  after?: string;
  /** The newest seq the query sees: later statements wait for a new query (pages stay stable). */
  upTo?: string;
}

export interface StatementPage {
  /**
   * The statements as stored, each as its JSON text: an `exact` answer is spliced from them without a
   * parse and a serialization per statement (a registration's page is ~35 KB).
   */
  statementsJson: string[];
  attachmentHashes: string[];
  /** The next page's query, or null on the last page. */
  next: StatementQuery | null;
  lastStored: string | null;
}

const ownOnly = (lrs: Pick<LrsContext, "clientId" | "scopes">) =>
  readsOnlyOwn(lrs.scopes) ? Prisma.sql`AND s."clientId" = ${lrs.clientId}::uuid` : Prisma.empty;

/** One statement: by statementId (not voided) or by voidedStatementId (voided). 404 otherwise. */
export async function getStatement(
  lrs: LrsContext,
  id: string,
  voided: boolean,
): Promise<{ statement: Obj; attachmentHashes: string[] }> {
  const row = await db().xapiStatement.findUnique({
    where: { organizationId_id: { organizationId: lrs.organizationId, id: id.toLowerCase() } },
    select: { document: true, voided: true, clientId: true, attachmentHashes: true },
  });
  if (!row || row.voided !== voided || (readsOnlyOwn(lrs.scopes) && row.clientId !== lrs.clientId))
    throw new XapiError(404, voided ? "No voided statement has this id" : "No statement has this id");
  return { statement: row.document as Obj, attachmentHashes: row.attachmentHashes };
}

/**
 * The filters: conditions every match meets, and for the agent filter two alternatives, each read as a
 * query of its own (UNION) so each keeps its index. The actor's own key is the first of actorKeys (a btree
 * with the verb and stored); the others (a Group's members, an Agent object) are in few statements, which
 * have a small GIN index of their own (migration xapi_agent_index). Written as one OR, the planner could not
 * tell how rare the second alternative is and walked the verb's index instead.
 */
function matchFilters(q: StatementQuery): { all: Prisma.Sql[]; alternatives: Prisma.Sql[] } {
  const all: Prisma.Sql[] = [];
  let alternatives: Prisma.Sql[] = [];
  if (q.agentKey !== undefined) {
    const key = q.agentKey ?? "";
    if (q.relatedAgents) all.push(Prisma.sql`s."relatedAgentKeys" @> ARRAY[${key}]::text[]`);
    else
      alternatives = [
        Prisma.sql`s."actorKeys"[1] = ${key}`,
        Prisma.sql`cardinality(s."actorKeys") > 1 AND s."actorKeys"[2:] @> ARRAY[${key}]::text[]`,
      ];
  }
  if (q.verb !== undefined) all.push(Prisma.sql`s."verbId" = ${q.verb}`);
  if (q.activity !== undefined)
    all.push(
      q.relatedActivities
        ? Prisma.sql`s."relatedActivityIds" @> ARRAY[${q.activity}]::text[]`
        : Prisma.sql`s."activityId" = ${q.activity}`,
    );
  if (q.registration !== undefined) all.push(Prisma.sql`s."registration" = ${q.registration}::uuid`);
  return { all, alternatives };
}

/**
 * The matched statements, and those that refer to them through a StatementRef (voiding ones too), to any
 * depth. With `since`, a match stored before it counts only as a referred-to statement (it is not shown
 * itself), so the matches are those stored since and the earlier ones something refers to: the indexes
 * then read the matches of the window, not every match of the agent or verb ever stored.
 */
function matchedSource(
  org: string,
  filters: { all: Prisma.Sql[]; alternatives: Prisma.Sql[] },
  since: string | undefined,
): Prisma.Sql {
  const variants = filters.alternatives.length
    ? filters.alternatives.map((alternative) => [...filters.all, alternative])
    : [filters.all];
  const selects = variants.flatMap((conditions) => {
    const where = Prisma.sql`s."organizationId" = ${org}::uuid AND ${Prisma.join(conditions, " AND ")}`;
    return since
      ? [
          Prisma.sql`SELECT s."id" FROM "XapiStatement" s WHERE ${where} AND s."stored" > ${new Date(since)}`,
          Prisma.sql`SELECT s."id" FROM "XapiStatement" s WHERE ${where} AND s."id" IN (
            SELECT t."refId" FROM "XapiStatement" t WHERE t."organizationId" = ${org}::uuid AND t."refId" IS NOT NULL)`,
        ]
      : [Prisma.sql`SELECT s."id" FROM "XapiStatement" s WHERE ${where}`];
  });
  const base = selects.length === 1 ? selects[0]! : Prisma.sql`(${Prisma.join(selects, " UNION ")})`;
  return Prisma.sql`WITH RECURSIVE "matched" AS (
      ${base}
      UNION
      SELECT r."id" FROM "XapiStatement" r JOIN "matched" m ON r."refId" = m."id"
      WHERE r."organizationId" = ${org}::uuid)
    SELECT s.* FROM "XapiStatement" s JOIN "matched" m ON m."id" = s."id" WHERE s."organizationId" = ${org}::uuid`;
}

/** A page of a query; `run` is the app's queryRows, or another pool's (the benchmark's ceiling sends the same SQL). */
export async function queryStatements(
  lrs: Pick<LrsContext, "organizationId" | "clientId" | "scopes">,
  q: StatementQuery,
  run: QueryRowsFn = queryRows,
): Promise<StatementPage> {
  const org = lrs.organizationId;
  const filters = matchFilters(q);
  const page: Prisma.Sql[] = [Prisma.sql`s."voided" = false`];
  if (q.since) page.push(Prisma.sql`s."stored" > ${new Date(q.since)}`);
  if (q.until) page.push(Prisma.sql`s."stored" <= ${new Date(q.until)}`);
  if (q.upTo) page.push(Prisma.sql`s."seq" <= ${BigInt(q.upTo)}`);
  if (q.after)
    page.push(q.ascending ? Prisma.sql`s."seq" > ${BigInt(q.after)}` : Prisma.sql`s."seq" < ${BigInt(q.after)}`);
  const order = q.ascending ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const limit = Math.min(q.limit || MAX_PAGE, MAX_PAGE);
  const source =
    filters.all.length === 0 && filters.alternatives.length === 0
      ? Prisma.sql`SELECT s.* FROM "XapiStatement" s WHERE s."organizationId" = ${org}::uuid`
      : matchedSource(org, filters, q.since);
  const rows = await run<{ json: string; seq: string; attachmentHashes: string[]; stored: Date }>(
    Prisma.sql`SELECT s."document"::text AS "json", s."seq"::text AS "seq", s."attachmentHashes", s."stored"
      FROM (${source}) s WHERE ${Prisma.join(page, " AND ")} ${ownOnly(lrs)}
      ORDER BY s."seq" ${order} LIMIT ${limit + 1}`,
  );
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  let upTo = q.upTo;
  if (more && !upTo) {
    const [top] = await run<{ seq: string | null }>(
      Prisma.sql`SELECT max("seq")::text AS "seq" FROM "XapiStatement" WHERE "organizationId" = ${org}::uuid`,
    );
    upTo = top?.seq ?? undefined;
  }
  return {
    statementsJson: shown.map((r) => r.json),
    attachmentHashes: [...new Set(shown.flatMap((r) => r.attachmentHashes))],
    next: more ? { ...q, after: shown.at(-1)!.seq, upTo } : null,
    lastStored: shown.length
      ? shown.reduce((a, r) => (r.stored > a ? r.stored : a), shown[0]!.stored).toISOString()
      : null,
  };
}

/** The attachments' bytes for a multipart answer, in the order of the hashes. */
export async function attachmentContents(
  lrs: LrsContext,
  hashes: string[],
): Promise<{ contentType: string; sha2: string; body: Buffer }[]> {
  if (hashes.length === 0) return [];
  const rows = await db().xapiAttachment.findMany({
    where: { organizationId: lrs.organizationId, sha2: { in: hashes } },
    select: { sha2: true, contentType: true, storageKey: true },
  });
  const out: { contentType: string; sha2: string; body: Buffer }[] = [];
  for (const row of rows) {
    const object = await readObject(row.storageKey);
    const chunks: Uint8Array[] = [];
    for await (const chunk of object.stream() as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    out.push({ contentType: row.contentType, sha2: row.sha2, body: Buffer.concat(chunks) });
  }
  return out;
}

/** The activity's definition as statements gave it, later ones filling in and overriding earlier ones. */
export async function getActivity(lrs: LrsContext, activityId: string): Promise<Obj> {
  const rows = await queryRows<{ document: Obj }>(
    Prisma.sql`SELECT "document" FROM "XapiStatement" WHERE "organizationId" = ${lrs.organizationId}::uuid
      AND "relatedActivityIds" @> ARRAY[${activityId}]::text[] ORDER BY "seq" ASC LIMIT 200`,
  );
  let definition: Obj | undefined;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    const o = value as Obj;
    if (
      o.id === activityId &&
      (o.objectType ?? "Activity") === "Activity" &&
      typeof o.definition === "object" &&
      o.definition
    ) {
      const next = o.definition as Obj;
      definition = definition ?? {};
      for (const [key, v] of Object.entries(next)) {
        const old = definition[key];
        const languageMap =
          ["name", "description"].includes(key) && typeof old === "object" && old && typeof v === "object";
        definition[key] = languageMap ? { ...(old as Obj), ...(v as Obj) } : v;
      }
    }
    for (const [key, v] of Object.entries(o)) if (key !== "definition" && key !== "authority") visit(v);
  };
  for (const row of rows) visit(row.document);
  return definition
    ? { objectType: "Activity", id: activityId, definition }
    : { objectType: "Activity", id: activityId };
}
