import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { putObject } from "@/lib/storage/store";
import { badRequest, XapiError } from "@/lib/server/xapi/errors";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import { attachmentsOf, statementRow, withActivityLists } from "@/lib/server/xapi/statement-row";
import { insertStatementsSql, knownStatementsSql, type StatementRow } from "@/lib/server/xapi/statement-sql";
import type { MultipartPart } from "@/lib/xapi/multipart";
import { sameStatement, SIGNATURE_USAGE, verifySignature } from "@/lib/xapi/signature";
import { validateStatement, XapiInvalid, type XapiVersion } from "@/lib/xapi/validate";
import { admitSessionStatements } from "@/lib/server/cmi5/session-gate";

// Storing statements (xAPI Part Three, 2.1 Statement Resource): a batch is checked whole, then written in
// one transaction, all or nothing. A statement is stored once: the same id again is accepted and changes
// nothing when the statement is the same, a 409 when it differs. Attachments' bytes go to the object
// store, once per organization and hash.

type Obj = Record<string, unknown>;

/** The parts of a multipart request by their hash, each checked against the hash it claims. */
function partsByHash(parts: MultipartPart[]): Map<string, MultipartPart> {
  const byHash = new Map<string, MultipartPart>();
  for (const part of parts) {
    const hash = part.headers["x-experience-api-hash"];
    if (!hash) throw badRequest("Every attachment part needs an X-Experience-API-Hash header");
    if (part.headers["content-transfer-encoding"]?.toLowerCase() !== "binary")
      throw badRequest("Every attachment part needs Content-Transfer-Encoding: binary");
    if (hash.length === 64 && createHash("sha256").update(part.body).digest("hex") !== hash.toLowerCase())
      throw badRequest(`The attachment part's content does not match its hash ${hash}`);
    byHash.set(hash.toLowerCase(), part);
  }
  return byHash;
}

function checkSignatures(statement: Obj, parts: Map<string, MultipartPart>): void {
  for (const attachment of Array.isArray(statement.attachments) ? (statement.attachments as Obj[]) : []) {
    if (attachment.usageType !== SIGNATURE_USAGE) continue;
    if (attachment.contentType !== "application/octet-stream")
      throw badRequest("A signature attachment's contentType must be application/octet-stream");
    const part = parts.get(String(attachment.sha2).toLowerCase());
    if (!part) throw badRequest("A signed statement must carry its signature as an attachment part");
    try {
      verifySignature(part.body.toString("utf8"), statement);
    } catch (error) {
      if (error instanceof XapiInvalid) throw badRequest(error.message);
      throw error;
    }
  }
}

export interface StoreInput {
  statements: unknown[];
  parts: MultipartPart[];
  version: XapiVersion;
}

/** Stores a batch and answers its ids, in order. */
export async function storeStatements(lrs: LrsContext, input: StoreInput): Promise<string[]> {
  const { statements, version } = input;
  if (statements.length === 0) throw badRequest("No statement to store");
  for (const [i, statement] of statements.entries()) {
    try {
      validateStatement(statement, version);
    } catch (error) {
      if (error instanceof XapiInvalid)
        throw badRequest(statements.length > 1 ? `[${i}] ${error.message}` : error.message);
      throw error;
    }
  }
  const batch = statements as Obj[];
  const ids = batch.map((s) => (typeof s.id === "string" ? s.id.toLowerCase() : randomUUID()));
  if (new Set(ids).size !== ids.length) throw badRequest("Two statements of the batch have the same id");

  const parts = partsByHash(input.parts);
  const used = new Set<string>();
  for (const statement of batch) {
    for (const attachment of attachmentsOf(statement)) {
      if (attachment.fileUrl !== undefined && !parts.has(String(attachment.sha2).toLowerCase())) continue;
      const hash = String(attachment.sha2).toLowerCase();
      if (!parts.has(hash)) throw badRequest(`No attachment part carries the attachment with sha2 ${hash}`);
      used.add(hash);
    }
    checkSignatures(statement, parts);
  }
  for (const hash of parts.keys())
    if (!used.has(hash)) throw badRequest(`The attachment part ${hash} belongs to no attachment of the statements`);

  // A cmi5 session's statements pass the session's rules first (403 otherwise), as valid xAPI.
  const admitted = lrs.cmi5 ? await admitSessionStatements(lrs, lrs.cmi5, batch) : null;

  const existing = await queryRows<{ id: string; document: Obj }>(knownStatementsSql(lrs.organizationId, ids));
  const known = new Map(existing.map((row) => [row.id, row.document]));
  const stored = new Date();
  const rows: StatementRow[] = [];
  for (const [i, statement] of batch.entries()) {
    const id = ids[i]!;
    const before = known.get(id);
    if (before !== undefined) {
      const again = {
        ...withActivityLists(statement),
        id,
        timestamp: statement.timestamp ?? (before as Obj).timestamp,
      };
      if (!sameStatement(before, again))
        throw new XapiError(409, `A different statement with the id ${id} is stored already`);
      continue;
    }
    rows.push(statementRow(lrs, { ...statement, id }, stored, version));
  }
  if (rows.length > 0) await writeStatements(lrs, rows, parts, used);
  await admitted?.();
  return ids;
}

async function writeStatements(
  lrs: LrsContext,
  rows: StatementRow[],
  parts: Map<string, MultipartPart>,
  used: Set<string>,
): Promise<void> {
  const organizationId = lrs.organizationId;
  // The bytes first: a statement never names an attachment the store lacks.
  const have = new Set(
    used.size === 0
      ? []
      : (
          await db().xapiAttachment.findMany({
            where: { organizationId, sha2: { in: [...used] } },
            select: { sha2: true },
          })
        ).map((a) => a.sha2),
  );
  for (const hash of used) {
    if (have.has(hash)) continue;
    const part = parts.get(hash)!;
    const storageKey = `xapi/${organizationId}/${hash}`;
    await putObject(storageKey, part.body);
    await db().xapiAttachment.upsert({
      where: { organizationId_sha2: { organizationId, sha2: hash } },
      create: {
        organizationId,
        sha2: hash,
        contentType: part.headers["content-type"] ?? "application/octet-stream",
        length: part.body.length,
        storageKey,
      },
      update: {},
    });
  }
  const voids = rows.map((r) => r.voidsId).filter((id): id is string => !!id);
  try {
    // The common batch is one INSERT (all or nothing by itself); a voiding one also marks its targets,
    // those of the same batch included, in one transaction.
    if (voids.length === 0) await queryRows(insertStatementsSql(rows));
    else
      await db().$transaction(async (tx) => {
        await queryRows(insertStatementsSql(rows), tx);
        // A voiding statement is never voided itself.
        await tx.xapiStatement.updateMany({
          where: { organizationId, id: { in: voids }, voidsId: null },
          data: { voided: true },
        });
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw new XapiError(409, "A statement with one of these ids was stored meanwhile");
    throw error;
  }
}

/** A duplicate key, as pg reports it (a statement on the pool) or as Prisma does (in a transaction). */
function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError)
    return (
      error.code === "P2002" ||
      (error.code === "P2010" && (error.meta as { code?: string } | undefined)?.code === "23505")
    );
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
