// The xAPI statement's data rules (xAPI 2.0.0 / 1.0.3, Part Two): a statement is checked whole before
// anything is stored, and the first broken rule is the 400's message. Pure: no database, no request.

export type XapiVersion = "1.0" | "2.0";

export class XapiInvalid extends Error {}

type Obj = Record<string, unknown>;

const fail = (path: string, message: string): never => {
  throw new XapiInvalid(`${path}: ${message}`);
};

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
// RFC 5646 language tags, loosely: a primary subtag and hyphenated subtags of letters and digits.
const LANGUAGE_TAG =
  /^(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$|^x(?:-[a-z\d]{1,8})+$|^i-[a-z]+$/i;
const SHA1_HEX = /^[0-9a-f]{40}$/i;
const SHA2_HEX = /^[0-9a-f]{56}$|^[0-9a-f]{64}$|^[0-9a-f]{96}$|^[0-9a-f]{128}$/i;
const EMAIL = /^mailto:[^@\s]+@[^@\s]+$/i;
// ISO 8601 date-time with a full date and time (the offset may be left out; -00:00 is refused below).
const ISO_TIMESTAMP =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3])(:?[0-5]\d)?)?$/;
// ISO 8601 durations: weeks stand alone (P4W), or years to seconds (P1DT12H36M0.12S).
const ISO_DURATION =
  /^P(?:\d+(?:\.\d+)?W|(?!$)(\d+(?:\.\d+)?Y)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?D)?(T(?=\d)(\d+(?:\.\d+)?H)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?S)?)?)$/;
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;.*)?$/;

export const INTERACTION_TYPES = [
  "true-false",
  "choice",
  "fill-in",
  "long-fill-in",
  "matching",
  "performance",
  "sequencing",
  "likert",
  "numeric",
  "other",
] as const;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function object(v: unknown, path: string): Obj {
  if (!isObject(v)) fail(path, "must be a JSON object");
  return v as Obj;
}

function allowOnly(o: Obj, path: string, keys: readonly string[]): void {
  for (const key of Object.keys(o)) if (!keys.includes(key)) fail(path, `'${key}' is not a property it may have`);
  for (const [key, value] of Object.entries(o)) if (value === null) fail(`${path}.${key}`, "must not be null");
}

function string(v: unknown, path: string): string {
  if (typeof v !== "string") fail(path, "must be a string");
  return v as string;
}

export function isIri(v: unknown): v is string {
  // An absolute IRI: a scheme, a colon and something after it; no spaces.
  return typeof v === "string" && /^[a-z][a-z\d+.-]*:[^\s]+$/i.test(v);
}

function iri(v: unknown, path: string): string {
  if (!isIri(v)) fail(path, "must be an absolute IRI");
  return v as string;
}

function irl(v: unknown, path: string): string {
  if (typeof v !== "string" || !/^[a-z][a-z\d+.-]*:\/\/[^\s]+$/i.test(v)) fail(path, "must be an absolute URL");
  return v as string;
}

export function isUuid(v: unknown): v is string {
  return typeof v === "string" && UUID_PATTERN.test(v);
}

function uuid(v: unknown, path: string): string {
  if (!isUuid(v)) fail(path, "must be a UUID");
  return v as string;
}

export function isTimestamp(v: unknown): v is string {
  return typeof v === "string" && ISO_TIMESTAMP.test(v) && !/-00(:?00)?$/.test(v) && !Number.isNaN(Date.parse(v));
}

function timestamp(v: unknown, path: string): void {
  if (!isTimestamp(v)) fail(path, "must be an ISO 8601 timestamp (an offset of -00:00 is not allowed)");
}

export function isLanguageTag(v: string): boolean {
  return LANGUAGE_TAG.test(v);
}

function languageMap(v: unknown, path: string): void {
  const map = object(v, path);
  for (const [tag, text] of Object.entries(map)) {
    if (!isLanguageTag(tag)) fail(path, `'${tag}' is not an RFC 5646 language tag`);
    if (typeof text !== "string") fail(`${path}.${tag}`, "must be a string");
  }
}

function extensions(v: unknown, path: string): void {
  const map = object(v, path);
  for (const key of Object.keys(map)) if (!isIri(key)) fail(path, `the key '${key}' must be an absolute IRI`);
}

function objectType(o: Obj, path: string, allowed: readonly string[]): string | undefined {
  if (o.objectType === undefined) return undefined;
  if (typeof o.objectType !== "string" || !allowed.includes(o.objectType))
    fail(`${path}.objectType`, `must be ${allowed.map((a) => `'${a}'`).join(" or ")}`);
  return o.objectType as string;
}

const IFI_KEYS = ["mbox", "mbox_sha1sum", "openid", "account"] as const;

function ifiCount(o: Obj, path: string): number {
  let count = 0;
  for (const key of IFI_KEYS) {
    if (o[key] === undefined) continue;
    count++;
    if (key === "mbox" && !(typeof o.mbox === "string" && EMAIL.test(o.mbox)))
      fail(`${path}.mbox`, "must be a mailto: IRI of an e-mail address");
    if (key === "mbox_sha1sum" && !(typeof o.mbox_sha1sum === "string" && SHA1_HEX.test(o.mbox_sha1sum)))
      fail(`${path}.mbox_sha1sum`, "must be the hex SHA-1 of a mailto: IRI");
    if (key === "openid") iri(o.openid, `${path}.openid`);
    if (key === "account") {
      const account = object(o.account, `${path}.account`);
      allowOnly(account, `${path}.account`, ["homePage", "name"]);
      irl(account.homePage, `${path}.account.homePage`);
      string(account.name, `${path}.account.name`);
    }
  }
  return count;
}

export function validateAgent(v: unknown, path: string): void {
  const o = object(v, path);
  allowOnly(o, path, ["objectType", "name", ...IFI_KEYS]);
  objectType(o, path, ["Agent"]);
  if (o.name !== undefined) string(o.name, `${path}.name`);
  if (ifiCount(o, path) !== 1) fail(path, "an Agent must have exactly one of mbox, mbox_sha1sum, openid and account");
}

function validateGroup(o: Obj, path: string): void {
  allowOnly(o, path, ["objectType", "name", "member", ...IFI_KEYS]);
  if (o.objectType !== "Group") fail(`${path}.objectType`, "must be 'Group'");
  if (o.name !== undefined) string(o.name, `${path}.name`);
  const ifis = ifiCount(o, path);
  if (ifis > 1) fail(path, "a Group has at most one of mbox, mbox_sha1sum, openid and account");
  if (o.member !== undefined) {
    if (!Array.isArray(o.member)) fail(`${path}.member`, "must be an array of Agents");
    (o.member as unknown[]).forEach((m, i) => validateAgent(m, `${path}.member[${i}]`));
  }
  if (ifis === 0 && !(Array.isArray(o.member) && o.member.length > 0))
    fail(path, "an anonymous Group must list its members");
}

/** An Agent or a Group (an actor, an instructor, an authority, an object). */
export function validateActor(v: unknown, path: string): void {
  const o = object(v, path);
  if (o.objectType === "Group") validateGroup(o, path);
  else validateAgent(o, path);
}

function validateVerb(v: unknown, path: string): void {
  const o = object(v, path);
  allowOnly(o, path, ["id", "display"]);
  iri(o.id, `${path}.id`);
  if (o.display !== undefined) languageMap(o.display, `${path}.display`);
}

function interactionComponents(v: unknown, path: string): void {
  if (!Array.isArray(v)) fail(path, "must be an array of interaction components");
  const ids = new Set<string>();
  (v as unknown[]).forEach((c, i) => {
    const o = object(c, `${path}[${i}]`);
    allowOnly(o, `${path}[${i}]`, ["id", "description"]);
    const id = string(o.id, `${path}[${i}].id`);
    if (ids.has(id)) fail(`${path}[${i}].id`, "must be unique within the list");
    ids.add(id);
    if (o.description !== undefined) languageMap(o.description, `${path}[${i}].description`);
  });
}

const COMPONENT_LISTS = ["choices", "scale", "source", "target", "steps"] as const;

function validateDefinition(v: unknown, path: string): void {
  const o = object(v, path);
  allowOnly(o, path, [
    "name",
    "description",
    "type",
    "moreInfo",
    "extensions",
    "interactionType",
    "correctResponsesPattern",
    ...COMPONENT_LISTS,
  ]);
  if (o.name !== undefined) languageMap(o.name, `${path}.name`);
  if (o.description !== undefined) languageMap(o.description, `${path}.description`);
  if (o.type !== undefined) iri(o.type, `${path}.type`);
  if (o.moreInfo !== undefined) irl(o.moreInfo, `${path}.moreInfo`);
  if (o.extensions !== undefined) extensions(o.extensions, `${path}.extensions`);
  const hasInteractionParts =
    o.correctResponsesPattern !== undefined || COMPONENT_LISTS.some((k) => o[k] !== undefined);
  if (o.interactionType !== undefined) {
    if (!INTERACTION_TYPES.includes(o.interactionType as (typeof INTERACTION_TYPES)[number]))
      fail(`${path}.interactionType`, `must be one of ${INTERACTION_TYPES.join(", ")}`);
  } else if (hasInteractionParts) fail(path, "an interaction's parts need an interactionType");
  if (o.correctResponsesPattern !== undefined) {
    if (!Array.isArray(o.correctResponsesPattern) || o.correctResponsesPattern.some((p) => typeof p !== "string"))
      fail(`${path}.correctResponsesPattern`, "must be an array of strings");
  }
  const allowedLists: Record<string, readonly string[]> = {
    choice: ["choices"],
    sequencing: ["choices"],
    likert: ["scale"],
    matching: ["source", "target"],
    performance: ["steps"],
  };
  for (const list of COMPONENT_LISTS) {
    if (o[list] === undefined) continue;
    if (!(allowedLists[o.interactionType as string] ?? []).includes(list))
      fail(`${path}.${list}`, `is not used by the interaction type '${String(o.interactionType)}'`);
    interactionComponents(o[list], `${path}.${list}`);
  }
}

export function validateActivity(v: unknown, path: string): void {
  const o = object(v, path);
  allowOnly(o, path, ["objectType", "id", "definition"]);
  objectType(o, path, ["Activity"]);
  iri(o.id, `${path}.id`);
  if (o.definition !== undefined) validateDefinition(o.definition, `${path}.definition`);
}

function validateStatementRef(o: Obj, path: string): void {
  allowOnly(o, path, ["objectType", "id"]);
  uuid(o.id, `${path}.id`);
}

function validateObject(v: unknown, path: string, version: XapiVersion, inSubStatement: boolean): void {
  const o = object(v, path);
  const kind = objectType(o, path, ["Activity", "Agent", "Group", "StatementRef", "SubStatement"]) ?? "Activity";
  if (kind === "Activity") validateActivity(o, path);
  else if (kind === "Agent" || kind === "Group") validateActor(o, path);
  else if (kind === "StatementRef") validateStatementRef(o, path);
  else {
    if (inSubStatement) fail(path, "a SubStatement cannot hold another SubStatement");
    validateSubStatement(o, path, version);
  }
}

function validateScore(v: unknown, path: string): void {
  const o = object(v, path);
  allowOnly(o, path, ["scaled", "raw", "min", "max"]);
  for (const key of ["scaled", "raw", "min", "max"])
    if (o[key] !== undefined && (typeof o[key] !== "number" || !Number.isFinite(o[key])))
      fail(`${path}.${key}`, "must be a number");
  const { scaled, raw, min, max } = o as Record<string, number | undefined>;
  if (scaled !== undefined && (scaled < -1 || scaled > 1)) fail(`${path}.scaled`, "must lie between -1 and 1");
  if (min !== undefined && max !== undefined && min >= max) fail(path, "min must be less than max");
  if (raw !== undefined && min !== undefined && raw < min) fail(`${path}.raw`, "must not be less than min");
  if (raw !== undefined && max !== undefined && raw > max) fail(`${path}.raw`, "must not be more than max");
}

function validateResult(v: unknown, path: string): void {
  const o = object(v, path);
  allowOnly(o, path, ["score", "success", "completion", "response", "duration", "extensions"]);
  if (o.score !== undefined) validateScore(o.score, `${path}.score`);
  if (o.success !== undefined && typeof o.success !== "boolean") fail(`${path}.success`, "must be true or false");
  if (o.completion !== undefined && typeof o.completion !== "boolean")
    fail(`${path}.completion`, "must be true or false");
  if (o.response !== undefined) string(o.response, `${path}.response`);
  if (o.duration !== undefined && !(typeof o.duration === "string" && ISO_DURATION.test(o.duration)))
    fail(`${path}.duration`, "must be an ISO 8601 duration");
  if (o.extensions !== undefined) extensions(o.extensions, `${path}.extensions`);
}

function activityList(v: unknown, path: string): void {
  if (Array.isArray(v)) v.forEach((a, i) => validateActivity(a, `${path}[${i}]`));
  else validateActivity(v, path);
}

function relevantTypes(v: unknown, path: string): void {
  if (!Array.isArray(v) || v.length === 0) fail(path, "must be a non-empty array of IRIs");
  (v as unknown[]).forEach((t, i) => iri(t, `${path}[${i}]`));
}

function validateContext(v: unknown, path: string, version: XapiVersion, objectIsActivity: boolean): void {
  const o = object(v, path);
  const keys = [
    "registration",
    "instructor",
    "team",
    "contextActivities",
    "revision",
    "platform",
    "language",
    "statement",
    "extensions",
  ];
  allowOnly(o, path, version === "2.0" ? [...keys, "contextAgents", "contextGroups"] : keys);
  if (o.registration !== undefined) uuid(o.registration, `${path}.registration`);
  if (o.instructor !== undefined) validateActor(o.instructor, `${path}.instructor`);
  if (o.team !== undefined) {
    const team = object(o.team, `${path}.team`);
    if (team.objectType !== "Group") fail(`${path}.team`, "must be a Group");
    validateGroup(team, `${path}.team`);
  }
  if (o.contextActivities !== undefined) {
    const ca = object(o.contextActivities, `${path}.contextActivities`);
    allowOnly(ca, `${path}.contextActivities`, ["parent", "grouping", "category", "other"]);
    for (const [key, list] of Object.entries(ca)) activityList(list, `${path}.contextActivities.${key}`);
  }
  if (o.revision !== undefined) {
    string(o.revision, `${path}.revision`);
    if (!objectIsActivity) fail(`${path}.revision`, "is only allowed when the object is an Activity");
  }
  if (o.platform !== undefined) {
    string(o.platform, `${path}.platform`);
    if (!objectIsActivity) fail(`${path}.platform`, "is only allowed when the object is an Activity");
  }
  if (o.language !== undefined && !(typeof o.language === "string" && isLanguageTag(o.language)))
    fail(`${path}.language`, "must be an RFC 5646 language tag");
  if (o.statement !== undefined) {
    const ref = object(o.statement, `${path}.statement`);
    if (ref.objectType !== "StatementRef") fail(`${path}.statement.objectType`, "must be 'StatementRef'");
    validateStatementRef(ref, `${path}.statement`);
  }
  if (o.extensions !== undefined) extensions(o.extensions, `${path}.extensions`);
  if (o.contextAgents !== undefined) {
    if (!Array.isArray(o.contextAgents)) fail(`${path}.contextAgents`, "must be an array");
    (o.contextAgents as unknown[]).forEach((c, i) => {
      const p = `${path}.contextAgents[${i}]`;
      const ca = object(c, p);
      allowOnly(ca, p, ["objectType", "agent", "relevantTypes"]);
      if (ca.objectType !== "contextAgent") fail(`${p}.objectType`, "must be 'contextAgent'");
      validateAgent(ca.agent, `${p}.agent`);
      if (ca.relevantTypes !== undefined) relevantTypes(ca.relevantTypes, `${p}.relevantTypes`);
    });
  }
  if (o.contextGroups !== undefined) {
    if (!Array.isArray(o.contextGroups)) fail(`${path}.contextGroups`, "must be an array");
    (o.contextGroups as unknown[]).forEach((c, i) => {
      const p = `${path}.contextGroups[${i}]`;
      const cg = object(c, p);
      allowOnly(cg, p, ["objectType", "group", "relevantTypes"]);
      if (cg.objectType !== "contextGroup") fail(`${p}.objectType`, "must be 'contextGroup'");
      const group = object(cg.group, `${p}.group`);
      validateGroup(group, `${p}.group`);
      if (cg.relevantTypes !== undefined) relevantTypes(cg.relevantTypes, `${p}.relevantTypes`);
    });
  }
}

function validateAttachments(v: unknown, path: string): void {
  if (!Array.isArray(v)) fail(path, "must be an array");
  (v as unknown[]).forEach((a, i) => {
    const p = `${path}[${i}]`;
    const o = object(a, p);
    allowOnly(o, p, ["usageType", "display", "description", "contentType", "length", "sha2", "fileUrl"]);
    iri(o.usageType, `${p}.usageType`);
    languageMap(o.display, `${p}.display`);
    if (o.description !== undefined) languageMap(o.description, `${p}.description`);
    if (!(typeof o.contentType === "string" && MEDIA_TYPE.test(o.contentType)))
      fail(`${p}.contentType`, "must be an Internet Media Type");
    if (!(typeof o.length === "number" && Number.isInteger(o.length) && o.length >= 0))
      fail(`${p}.length`, "must be a whole number");
    if (!(typeof o.sha2 === "string" && SHA2_HEX.test(o.sha2))) fail(`${p}.sha2`, "must be a hex SHA-2 hash");
    if (o.fileUrl !== undefined) irl(o.fileUrl, `${p}.fileUrl`);
  });
}

const CORE_KEYS = ["actor", "verb", "object", "result", "context", "timestamp", "attachments"];

function validateCore(o: Obj, path: string, version: XapiVersion, inSubStatement: boolean): void {
  if (o.actor === undefined) fail(path, "'actor' is required");
  validateActor(o.actor, `${path}.actor`);
  if (o.verb === undefined) fail(path, "'verb' is required");
  validateVerb(o.verb, `${path}.verb`);
  if (o.object === undefined) fail(path, "'object' is required");
  validateObject(o.object, `${path}.object`, version, inSubStatement);
  if (o.result !== undefined) validateResult(o.result, `${path}.result`);
  const objectIsActivity = isObject(o.object) && (o.object.objectType ?? "Activity") === "Activity";
  if (o.context !== undefined) validateContext(o.context, `${path}.context`, version, objectIsActivity);
  if (o.timestamp !== undefined) timestamp(o.timestamp, `${path}.timestamp`);
  if (o.attachments !== undefined) validateAttachments(o.attachments, `${path}.attachments`);
}

function validateSubStatement(o: Obj, path: string, version: XapiVersion): void {
  allowOnly(o, path, ["objectType", ...CORE_KEYS]);
  validateCore(o, path, version, true);
}

export const VOIDED_VERB = "http://adlnet.gov/expapi/verbs/voided";

/** Throws XapiInvalid naming the first rule the statement breaks. */
export function validateStatement(v: unknown, version: XapiVersion): void {
  const o = object(v, "statement");
  allowOnly(o, "statement", ["id", ...CORE_KEYS, "stored", "authority", "version"]);
  if (o.id !== undefined) uuid(o.id, "statement.id");
  validateCore(o, "statement", version, false);
  if (o.stored !== undefined) timestamp(o.stored, "statement.stored");
  if (o.authority !== undefined) validateAuthority(o.authority);
  if (o.version !== undefined) {
    if (!(typeof o.version === "string" && /^(1\.0(\.\d+)?|2\.0(\.\d+)?)$/.test(o.version)))
      fail("statement.version", "must be a version of xAPI this LRS supports (1.0.x or 2.0.x)");
  }
  const verb = o.verb as Obj;
  if (verb.id === VOIDED_VERB) {
    const target = o.object as Obj;
    if (target.objectType !== "StatementRef")
      fail("statement.object", "a voiding statement's object must be a StatementRef");
  }
}

function validateAuthority(v: unknown): void {
  const o = object(v, "statement.authority");
  validateActor(o, "statement.authority");
  if (o.objectType === "Group") {
    const members = o.member as unknown[] | undefined;
    const identified = ["mbox", "mbox_sha1sum", "openid", "account"].some((k) => o[k] !== undefined);
    if (identified || !members || members.length !== 2)
      fail(
        "statement.authority",
        "a Group authority is an anonymous Group of exactly two Agents (an OAuth consumer and user)",
      );
  }
}
