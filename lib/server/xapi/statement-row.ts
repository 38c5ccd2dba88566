import "server-only";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import type { StatementRow } from "@/lib/server/xapi/statement-sql";
import { objectActivityId, primaryAgentKeys, relatedActivityIds, relatedAgentKeys } from "@/lib/xapi/agents";
import { VOIDED_VERB, type XapiVersion } from "@/lib/xapi/validate";

// A valid statement as the XapiStatement row that stores it: the document as the LRS returns it (stored,
// authority, version filled in; context activities as lists) and the columns the filters use. The one
// shape every writer stores: the statements resource (statements.ts) and the LMS's own statements
// (lms-writer.ts).

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The authority the LRS vouches with: the client, as an account on the organization's host. */
export function clientAuthority(lrs: Pick<LrsContext, "clientName" | "origin" | "clientKey">): Obj {
  return { objectType: "Agent", name: lrs.clientName, account: { homePage: lrs.origin, name: lrs.clientKey } };
}

export function attachmentsOf(statement: Obj): Obj[] {
  const own = Array.isArray(statement.attachments) ? (statement.attachments as Obj[]) : [];
  const sub =
    isObject(statement.object) && statement.object.objectType === "SubStatement" ? attachmentsOf(statement.object) : [];
  return [...own, ...sub];
}

/** Context activities are stored as arrays, as the LRS returns them (a single Activity becomes a list of one). */
export function withActivityLists(statement: Obj): Obj {
  const out: Obj = { ...statement };
  if (isObject(statement.context) && isObject(statement.context.contextActivities)) {
    const lists = Object.fromEntries(
      Object.entries(statement.context.contextActivities).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]),
    );
    out.context = { ...statement.context, contextActivities: lists };
  }
  if (isObject(statement.object) && statement.object.objectType === "SubStatement")
    out.object = withActivityLists(statement.object);
  return out;
}

export function statementRow(
  lrs: Pick<LrsContext, "organizationId" | "clientId" | "clientKey" | "clientName" | "origin">,
  statement: Obj,
  stored: Date,
  version: XapiVersion,
): StatementRow {
  const document: Obj = {
    ...withActivityLists(statement),
    timestamp: statement.timestamp ?? stored.toISOString(),
    stored: stored.toISOString(),
    authority: clientAuthority(lrs),
    version: statement.version ?? (version === "2.0" ? "2.0.0" : "1.0.0"),
  };
  const object = statement.object as Obj;
  const verbId = String((statement.verb as Obj).id);
  const context = isObject(statement.context) ? statement.context : {};
  const ref = object.objectType === "StatementRef" ? String(object.id).toLowerCase() : null;
  return {
    organizationId: lrs.organizationId,
    id: String(statement.id),
    stored,
    document,
    verbId,
    actorKeys: primaryAgentKeys(document),
    relatedAgentKeys: relatedAgentKeys(document),
    activityId: objectActivityId(document),
    relatedActivityIds: relatedActivityIds(document),
    registration: typeof context.registration === "string" ? context.registration.toLowerCase() : null,
    voidsId: verbId === VOIDED_VERB ? ref : null,
    refId: ref,
    clientId: lrs.clientId,
    attachmentHashes: attachmentsOf(statement).map((a) => String(a.sha2).toLowerCase()),
  };
}
