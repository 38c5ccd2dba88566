import "server-only";
import { z } from "zod";
import { badRequest, XapiError } from "@/lib/server/xapi/errors";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import { jsonAnswer, type XapiAnswer, type XapiRequest } from "@/lib/server/xapi/answer";
import { parseAgentParam, parseBooleanParam, parseTimestampParam, parseUuidParam } from "@/lib/server/xapi/params";
import {
  attachmentContents,
  getStatement,
  MAX_PAGE,
  queryStatements,
  type StatementQuery,
} from "@/lib/server/xapi/statement-queries";
import { storeStatements } from "@/lib/server/xapi/statements";
import { agentKey } from "@/lib/xapi/agents";
import { acceptedLanguages, formatStatement, type StatementFormat } from "@/lib/xapi/format";
import { boundaryOf, MultipartInvalid, parseMultipart, writeMultipart, type MultipartPart } from "@/lib/xapi/multipart";
import { scopesAllow } from "@/lib/xapi/scopes";
import { isIri } from "@/lib/xapi/validate";

// The statements resource over HTTP: PUT one, POST one or many (JSON, or multipart/mixed with their
// attachments), GET one or a filtered page (JSON, or multipart/mixed with the attachments' bytes).

type Obj = Record<string, unknown>;

const GET_PARAMS = [
  "statementId",
  "voidedStatementId",
  "agent",
  "verb",
  "activity",
  "registration",
  "related_activities",
  "related_agents",
  "since",
  "until",
  "limit",
  "format",
  "attachments",
  "ascending",
  "more",
];
const SINGLE_PARAMS = ["statementId", "voidedStatementId", "format", "attachments"];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The body is not valid JSON");
  }
}

/** The statements and attachment parts of a PUT or POST body. */
function readStatementsBody(req: XapiRequest): { value: unknown; parts: MultipartPart[] } {
  const contentType = req.headers.get("content-type") ?? "";
  if (/^application\/json\b/i.test(contentType)) return { value: parseJson(req.body.toString("utf8")), parts: [] };
  if (/^multipart\/mixed\b/i.test(contentType)) {
    const boundary = boundaryOf(contentType);
    if (!boundary) throw badRequest("A multipart/mixed body needs a boundary in its Content-Type");
    let parts: MultipartPart[];
    try {
      parts = parseMultipart(req.body, boundary);
    } catch (error) {
      if (error instanceof MultipartInvalid) throw badRequest(error.message);
      throw error;
    }
    const [first, ...rest] = parts;
    if (!first) throw badRequest("The multipart body has no part");
    if (!/^application\/json\b/i.test(first.headers["content-type"] ?? ""))
      throw badRequest("The first part of a multipart body must be the statements as application/json");
    return { value: parseJson(first.body.toString("utf8")), parts: rest };
  }
  throw badRequest("Send statements as application/json, or as multipart/mixed with their attachments");
}

async function putStatement(lrs: LrsContext, req: XapiRequest): Promise<XapiAnswer> {
  for (const name of req.params.keys()) if (name !== "statementId") throw badRequest(`Unknown parameter '${name}'`);
  const id = parseUuidParam(req.params.get("statementId"), "statementId");
  if (!id) throw badRequest("The statementId parameter is required");
  const { value, parts } = readStatementsBody(req);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw badRequest("PUT takes one statement");
  const statement = value as Obj;
  if (statement.id !== undefined && String(statement.id).toLowerCase() !== id)
    throw badRequest("The statement's id differs from the statementId parameter");
  await storeStatements(lrs, { statements: [{ ...statement, id }], parts, version: req.version });
  return { status: 204 };
}

async function postStatements(lrs: LrsContext, req: XapiRequest): Promise<XapiAnswer> {
  for (const name of req.params.keys()) throw badRequest(`Unknown parameter '${name}'`);
  const { value, parts } = readStatementsBody(req);
  const statements = Array.isArray(value) ? value : [value];
  const ids = await storeStatements(lrs, { statements, parts, version: req.version });
  return jsonAnswer(ids);
}

const tokenSchema = z.object({
  agentKey: z.string().nullable().optional(),
  verb: z.string().optional(),
  activity: z.string().optional(),
  registration: z.string().optional(),
  relatedActivities: z.boolean().optional(),
  relatedAgents: z.boolean().optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  limit: z.number().int().min(0),
  ascending: z.boolean(),
  after: z.string().regex(/^\d+$/).optional(),
  upTo: z.string().regex(/^\d+$/).optional(),
  format: z.enum(["exact", "ids", "canonical"]),
  attachments: z.boolean(),
});
type PageToken = z.infer<typeof tokenSchema>;

function readToken(token: string): PageToken {
  try {
    return tokenSchema.parse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
  } catch {
    throw badRequest("The more token is not one this LRS gave");
  }
}

function parseQuery(req: XapiRequest): PageToken {
  const p = req.params;
  const agent = parseAgentParam(p.get("agent"), "agent", false, true);
  const verb = p.get("verb") ?? undefined;
  if (verb !== undefined && !isIri(verb)) throw badRequest("verb must be an IRI");
  const activity = p.get("activity") ?? undefined;
  if (activity !== undefined && !isIri(activity)) throw badRequest("activity must be an IRI");
  const limitText = p.get("limit");
  if (limitText !== null && !/^\d+$/.test(limitText)) throw badRequest("limit must be a whole number");
  const format = p.get("format") ?? "exact";
  if (!["exact", "ids", "canonical"].includes(format)) throw badRequest("format must be exact, ids or canonical");
  const since = parseTimestampParam(p.get("since"), "since");
  const until = parseTimestampParam(p.get("until"), "until");
  return {
    ...(agent ? { agentKey: agentKey(agent) } : {}),
    verb,
    activity,
    registration: parseUuidParam(p.get("registration"), "registration"),
    relatedActivities: parseBooleanParam(p.get("related_activities"), "related_activities"),
    relatedAgents: parseBooleanParam(p.get("related_agents"), "related_agents"),
    since,
    until,
    limit: limitText === null ? 0 : Math.min(Number(limitText), MAX_PAGE),
    ascending: parseBooleanParam(p.get("ascending"), "ascending"),
    format: format as StatementFormat,
    attachments: parseBooleanParam(p.get("attachments"), "attachments"),
  };
}

/** A statement or a page of them (its JSON text), alone or in a multipart body with the attachments. */
async function statementsAnswer(
  lrs: LrsContext,
  json: string,
  hashes: string[],
  attachments: boolean,
  headers: Record<string, string>,
): Promise<XapiAnswer> {
  if (!attachments) return { status: 200, headers: { "Content-Type": "application/json", ...headers }, body: json };
  const multipart = writeMultipart(json, await attachmentContents(lrs, hashes));
  return { status: 200, headers: { ...headers, "Content-Type": multipart.contentType }, body: multipart.body };
}

/** A stored statement's JSON text in the asked format: as stored for `exact`, without parsing it. */
function formattedJson(json: string, format: StatementFormat, languages: string[]): string {
  return format === "exact" ? json : JSON.stringify(formatStatement(JSON.parse(json) as Obj, format, languages));
}

async function getStatements(lrs: LrsContext, req: XapiRequest): Promise<XapiAnswer> {
  for (const name of req.params.keys()) if (!GET_PARAMS.includes(name)) throw badRequest(`Unknown parameter '${name}'`);
  const consistent = { "X-Experience-API-Consistent-Through": new Date().toISOString() };
  const languages = acceptedLanguages(req.headers.get("accept-language"));
  const statementId = req.params.get("statementId");
  const voidedId = req.params.get("voidedStatementId");
  if (statementId !== null || voidedId !== null) {
    if (statementId !== null && voidedId !== null)
      throw badRequest("Ask for statementId or voidedStatementId, not both");
    for (const name of req.params.keys())
      if (!SINGLE_PARAMS.includes(name)) throw badRequest(`${name} cannot be combined with a statement id`);
    const id = parseUuidParam(statementId ?? voidedId, statementId !== null ? "statementId" : "voidedStatementId")!;
    const query = parseQuery(req);
    const { statement, attachmentHashes } = await getStatement(lrs, id, voidedId !== null);
    return statementsAnswer(
      lrs,
      JSON.stringify(formatStatement(statement, query.format, languages)),
      attachmentHashes,
      query.attachments,
      {
        ...consistent,
        "Last-Modified": new Date(String(statement.stored)).toUTCString(),
      },
    );
  }
  let query: PageToken;
  const more = req.params.get("more");
  if (more !== null) {
    if ([...req.params.keys()].some((k) => k !== "more"))
      throw badRequest("more cannot be combined with other parameters");
    query = readToken(more);
  } else query = parseQuery(req);
  const { format, attachments, ...filters } = query;
  const page = await queryStatements(lrs, filters as StatementQuery);
  const moreLink = page.next
    ? `${req.statementsPath}?more=${Buffer.from(JSON.stringify({ ...page.next, format, attachments })).toString("base64url")}`
    : "";
  const statements = page.statementsJson.map((json) => formattedJson(json, format, languages));
  const result = `{"statements":[${statements.join(",")}],"more":${JSON.stringify(moreLink)}}`;
  const lastModified: Record<string, string> = page.lastStored
    ? { "Last-Modified": new Date(page.lastStored).toUTCString() }
    : {};
  return statementsAnswer(lrs, result, page.attachmentHashes, attachments, { ...consistent, ...lastModified });
}

export async function answerStatements(lrs: LrsContext, req: XapiRequest): Promise<XapiAnswer> {
  if (req.method === "GET" || req.method === "HEAD") {
    if (!scopesAllow(lrs.scopes, "statements/read")) throw new XapiError(403, "This client may not read statements");
    return getStatements(lrs, req);
  }
  if (req.method === "PUT" || req.method === "POST") {
    if (!scopesAllow(lrs.scopes, "statements/write")) throw new XapiError(403, "This client may not write statements");
    return req.method === "PUT" ? putStatement(lrs, req) : postStatements(lrs, req);
  }
  throw new XapiError(405, `${req.method} is not allowed on statements`, { Allow: "GET, HEAD, PUT, POST" });
}
