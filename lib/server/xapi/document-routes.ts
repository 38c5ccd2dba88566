import "server-only";
import { badRequest, XapiError } from "@/lib/server/xapi/errors";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import {
  deleteDocuments,
  getDocument,
  listDocumentIds,
  writeDocument,
  type DocumentKey,
  type DocumentKind,
} from "@/lib/server/xapi/documents";
import { jsonAnswer, type XapiAnswer, type XapiRequest } from "@/lib/server/xapi/answer";
import { parseAgentParam, parseTimestampParam, parseUuidParam } from "@/lib/server/xapi/params";
import { agentKey } from "@/lib/xapi/agents";
import { scopesAllow } from "@/lib/xapi/scopes";
import { isIri } from "@/lib/xapi/validate";
import { checkLearnerPreferences, checkSessionDocument, noteSessionDocumentRead } from "@/lib/server/cmi5/session-gate";

// The state, activity profile and agent profile resources over HTTP: their parameters, and the document
// service's answers as headers (ETag, Last-Modified) and status codes.

const ID_PARAM: Record<DocumentKind, string> = {
  state: "stateId",
  activityProfile: "profileId",
  agentProfile: "profileId",
};
const KEY_PARAMS: Record<DocumentKind, string[]> = {
  state: ["activityId", "agent", "registration"],
  activityProfile: ["activityId"],
  agentProfile: ["agent"],
};

function documentKey(req: XapiRequest, kind: DocumentKind): DocumentKey {
  const params = req.params;
  let activityId = "";
  let key = "";
  if (KEY_PARAMS[kind].includes("activityId")) {
    const value = params.get("activityId");
    if (!value) throw badRequest("The activityId parameter is required");
    if (!isIri(value)) throw badRequest("activityId must be an IRI");
    activityId = value;
  }
  if (KEY_PARAMS[kind].includes("agent")) {
    const agent = parseAgentParam(params.get("agent"), "agent", true, true);
    const found = agentKey(agent);
    if (!found) throw badRequest("The agent must be identified (an Agent or an identified Group)");
    key = found;
  }
  const registration = kind === "state" ? (parseUuidParam(params.get("registration"), "registration") ?? "") : "";
  return { kind, activityId, agentKey: key, registration };
}

const needFor = (kind: DocumentKind) => (kind === "state" ? "state" : "profile");

export async function answerDocuments(lrs: LrsContext, req: XapiRequest, kind: DocumentKind): Promise<XapiAnswer> {
  const idParam = ID_PARAM[kind];
  const allowed = [...KEY_PARAMS[kind], idParam, ...(req.method === "GET" || req.method === "HEAD" ? ["since"] : [])];
  for (const name of req.params.keys()) if (!allowed.includes(name)) throw badRequest(`Unknown parameter '${name}'`);
  const reading = req.method === "GET" || req.method === "HEAD";
  if (!["GET", "HEAD", "PUT", "POST", "DELETE"].includes(req.method))
    throw new XapiError(405, `${req.method} is not allowed here`, { Allow: "GET, HEAD, PUT, POST, DELETE" });
  if (!scopesAllow(lrs.scopes, reading ? "documents/read" : "documents/write", needFor(kind)))
    throw new XapiError(403, "This client's scopes do not allow this");
  const key = documentKey(req, kind);
  const documentId = req.params.get(idParam);
  if (lrs.cmi5) {
    checkSessionDocument(lrs.cmi5, key, documentId, reading);
    if (reading) await noteSessionDocumentRead(lrs, lrs.cmi5, kind, documentId);
    if (kind === "agentProfile" && !reading && req.method !== "DELETE")
      checkLearnerPreferences(documentId, req.headers.get("content-type"), req.body);
  }
  const pre = { ifMatch: req.headers.get("if-match"), ifNoneMatch: req.headers.get("if-none-match") };

  if (reading) {
    if (documentId === null) {
      const since = parseTimestampParam(req.params.get("since"), "since");
      return jsonAnswer(await listDocumentIds(lrs, key, since ? new Date(since) : undefined));
    }
    if (req.params.has("since")) throw badRequest("since applies to the list of ids, not to one document");
    const doc = await getDocument(lrs, key, documentId);
    return {
      status: 200,
      headers: { "Content-Type": doc.contentType, ETag: doc.etag, "Last-Modified": doc.updated.toUTCString() },
      body: doc.content,
    };
  }
  if (req.method === "DELETE") {
    if (documentId === null && kind !== "state") throw badRequest(`The ${idParam} parameter is required`);
    await deleteDocuments(lrs, key, documentId, pre);
    return { status: 204 };
  }
  if (documentId === null) throw badRequest(`The ${idParam} parameter is required`);
  await writeDocument(lrs, key, documentId, {
    contentType: req.headers.get("content-type") ?? "application/octet-stream",
    content: req.body,
    merge: req.method === "POST",
    requirePrecondition: req.version === "2.0" ? "existing" : kind === "state" ? "none" : "always",
    pre,
  });
  return { status: 204 };
}
