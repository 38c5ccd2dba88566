import "server-only";
import { createHash } from "node:crypto";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, XapiError } from "@/lib/server/xapi/errors";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";

// The document resources (xAPI Part Three, 2.3-2.7): the state, activity profile and agent profile
// documents, each under its key (activity, agent, registration, id). PUT replaces, POST merges JSON
// objects, DELETE removes; every write honours If-Match / If-None-Match (412), and a PUT over an existing
// document with neither is a 409 where the spec asks for one.

export type DocumentKind = "state" | "activityProfile" | "agentProfile";

export interface DocumentKey {
  kind: DocumentKind;
  activityId: string;
  agentKey: string;
  registration: string;
}

export interface Preconditions {
  ifMatch: string | null;
  ifNoneMatch: string | null;
}

export interface StoredDocument {
  contentType: string;
  content: Buffer;
  etag: string;
  updated: Date;
}

/** A key without a registration stands for every registration when listing or deleting all. */
const anyRegistration = (lrs: LrsContext, key: DocumentKey) => ({
  organizationId: lrs.organizationId,
  kind: key.kind,
  activityId: key.activityId,
  agentKey: key.agentKey,
  ...(key.registration ? { registration: key.registration } : {}),
});

const documentLockKey = (lrs: LrsContext, key: DocumentKey, documentId: string) =>
  [lrs.organizationId, key.kind, key.activityId, key.agentKey, key.registration, documentId].join("|");

const etagOf = (content: Buffer) => `"${createHash("sha1").update(content).digest("hex")}"`;

const whereKey = (lrs: LrsContext, key: DocumentKey, documentId: string) => ({
  organizationId_kind_activityId_agentKey_registration_documentId: {
    organizationId: lrs.organizationId,
    ...key,
    documentId,
  },
});

function etagsIn(header: string): string[] {
  return header.split(",").map((t) => t.trim().replace(/^W\//, ""));
}

/** 412 unless the preconditions hold for the document as it is (`null`: there is none). */
function checkPreconditions(current: { etag: string } | null, pre: Preconditions): void {
  if (pre.ifMatch !== null) {
    const tags = etagsIn(pre.ifMatch);
    if (!current || !(tags.includes("*") || tags.includes(current.etag)))
      throw new XapiError(412, "The document has changed (If-Match does not hold)");
  }
  if (pre.ifNoneMatch !== null) {
    const tags = etagsIn(pre.ifNoneMatch);
    if (current && (tags.includes("*") || tags.includes(current.etag)))
      throw new XapiError(412, "The document exists already (If-None-Match does not hold)");
  }
}

export async function getDocument(lrs: LrsContext, key: DocumentKey, documentId: string): Promise<StoredDocument> {
  const row = await db().xapiDocument.findUnique({
    where: whereKey(lrs, key, documentId),
    select: { contentType: true, content: true, etag: true, updated: true },
  });
  if (!row) throw new XapiError(404, "No document has this id");
  return { ...row, content: Buffer.from(row.content) };
}

/** The ids of the documents under a key, those updated after `since` when given. */
export async function listDocumentIds(lrs: LrsContext, key: DocumentKey, since?: Date): Promise<string[]> {
  const rows = await db().xapiDocument.findMany({
    where: { ...anyRegistration(lrs, key), ...(since ? { updated: { gt: since } } : {}) },
    select: { documentId: true },
    orderBy: { updated: "asc" },
  });
  return rows.map((r) => r.documentId);
}

const isJson = (contentType: string) => /^application\/json\b/i.test(contentType.trim());

function jsonObject(content: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content.toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export interface DocumentWrite {
  contentType: string;
  content: Buffer;
  /** POST merges into a JSON object; PUT replaces. */
  merge: boolean;
  /**
   * Whether a PUT needs If-Match or If-None-Match: "existing" over an existing document (409 without),
   * "always" for a new one too (400 without; xAPI 1.0.3's profiles), "none" never (1.0.3's state).
   */
  requirePrecondition: "none" | "existing" | "always";
  pre: Preconditions;
}

export async function writeDocument(
  lrs: LrsContext,
  key: DocumentKey,
  documentId: string,
  write: DocumentWrite,
): Promise<void> {
  const where = whereKey(lrs, key, documentId);
  await db().$transaction(async (tx) => {
    // Writers of one document queue here, so a precondition is checked against what they replace.
    await queryRows(
      Prisma.sql`SELECT 1 AS "locked" FROM (SELECT pg_advisory_xact_lock(hashtextextended(${documentLockKey(lrs, key, documentId)}, 0))) l`,
      tx,
    );
    const current = await tx.xapiDocument.findUnique({
      where,
      select: { etag: true, contentType: true, content: true },
    });
    checkPreconditions(current, write.pre);
    const unconditional = !write.merge && write.pre.ifMatch === null && write.pre.ifNoneMatch === null;
    if (current && unconditional && write.requirePrecondition !== "none")
      throw new XapiError(
        409,
        "The document exists: send If-Match with its ETag to replace it (or If-None-Match: * to create it only if absent)",
      );
    if (!current && unconditional && write.requirePrecondition === "always")
      throw badRequest("Send If-None-Match: * to create this document, or If-Match with its ETag to replace it");
    let content = write.content;
    let contentType = write.contentType;
    if (write.merge) {
      const incoming = isJson(write.contentType) ? jsonObject(write.content) : null;
      if (current) {
        const existing = isJson(current.contentType) ? jsonObject(Buffer.from(current.content)) : null;
        if (!incoming || !existing)
          throw badRequest("POST merges JSON objects only: the stored and the sent document must both be JSON objects");
        content = Buffer.from(JSON.stringify({ ...existing, ...incoming }));
        contentType = "application/json";
      } else if (isJson(write.contentType) && !incoming) {
        throw badRequest("A JSON document sent by POST must be a JSON object");
      }
    }
    const data = { contentType, content: new Uint8Array(content), etag: etagOf(content), updated: new Date() };
    await tx.xapiDocument.upsert({
      where,
      create: { organizationId: lrs.organizationId, ...key, documentId, ...data },
      update: data,
    });
  });
}

/** Deletes one document (its preconditions checked), or every state document under the key. */
export async function deleteDocuments(
  lrs: LrsContext,
  key: DocumentKey,
  documentId: string | null,
  pre: Preconditions,
): Promise<void> {
  if (documentId === null) {
    await db().xapiDocument.deleteMany({ where: anyRegistration(lrs, key) });
    return;
  }
  const where = whereKey(lrs, key, documentId);
  await db().$transaction(async (tx) => {
    const current = await tx.xapiDocument.findUnique({ where, select: { etag: true } });
    checkPreconditions(current, pre);
    if (current)
      await tx.xapiDocument.deleteMany({ where: { organizationId: lrs.organizationId, ...key, documentId } });
  });
}
