// The `format` of GET /statements: exact (as stored), ids (Agents, Groups, Activities and Verbs reduced
// to their identifiers) and canonical (each language map reduced to the caller's best language).

type Obj = Record<string, unknown>;
export type StatementFormat = "exact" | "ids" | "canonical";

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function idsOfActor(actor: unknown): unknown {
  if (!isObject(actor)) return actor;
  const out: Obj = {};
  if (actor.objectType) out.objectType = actor.objectType;
  for (const key of ["mbox", "mbox_sha1sum", "openid", "account"]) if (actor[key] !== undefined) out[key] = actor[key];
  if (
    actor.objectType === "Group" &&
    Array.isArray(actor.member) &&
    !("mbox" in out || "mbox_sha1sum" in out || "openid" in out || "account" in out)
  )
    out.member = actor.member.map(idsOfActor);
  return out;
}

function idsOfActivity(activity: unknown): unknown {
  if (!isObject(activity)) return activity;
  return { id: activity.id };
}

function idsOfObject(object: unknown): unknown {
  if (!isObject(object)) return object;
  const type = object.objectType ?? "Activity";
  if (type === "Activity") return idsOfActivity(object);
  if (type === "Agent" || type === "Group") return idsOfActor(object);
  if (type === "SubStatement") return idsOfStatement(object);
  return object;
}

function idsOfContext(context: unknown): unknown {
  if (!isObject(context)) return context;
  const out: Obj = { ...context };
  if (context.instructor) out.instructor = idsOfActor(context.instructor);
  if (context.team) out.team = idsOfActor(context.team);
  if (isObject(context.contextActivities)) {
    out.contextActivities = Object.fromEntries(
      Object.entries(context.contextActivities).map(([k, list]) => [
        k,
        Array.isArray(list) ? list.map(idsOfActivity) : idsOfActivity(list),
      ]),
    );
  }
  if (Array.isArray(context.contextAgents))
    out.contextAgents = context.contextAgents.map((c: Obj) => ({ ...c, agent: idsOfActor(c.agent) }));
  if (Array.isArray(context.contextGroups))
    out.contextGroups = context.contextGroups.map((c: Obj) => ({ ...c, group: idsOfActor(c.group) }));
  return out;
}

function idsOfStatement(statement: Obj): Obj {
  const out: Obj = { ...statement };
  out.actor = idsOfActor(statement.actor);
  if (isObject(statement.verb)) out.verb = { id: statement.verb.id };
  out.object = idsOfObject(statement.object);
  if (statement.context) out.context = idsOfContext(statement.context);
  if (statement.authority) out.authority = idsOfActor(statement.authority);
  return out;
}

const LANGUAGE_MAP_KEYS = new Set(["display", "name", "description"]);

/** The entry of a language map the caller reads best (Accept-Language), else the first. */
function bestLanguage(map: Obj, accepted: string[]): Obj {
  const tags = Object.keys(map);
  if (tags.length <= 1) return map;
  for (const want of accepted) {
    const exact = tags.find((t) => t.toLowerCase() === want);
    if (exact) return { [exact]: map[exact] };
    const prefix = tags.find((t) => t.toLowerCase().split("-")[0] === want.split("-")[0]);
    if (prefix) return { [prefix]: map[prefix] };
  }
  const english = tags.find((t) => t.toLowerCase().startsWith("en"));
  const pick = english ?? tags[0]!;
  return { [pick]: map[pick] };
}

function canonicalOf(value: unknown, accepted: string[], key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => canonicalOf(v, accepted));
  if (!isObject(value)) return value;
  if (key && LANGUAGE_MAP_KEYS.has(key) && Object.values(value).every((v) => typeof v === "string"))
    return bestLanguage(value, accepted);
  if (key === "extensions") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, canonicalOf(v, accepted, k)]));
}

/** The languages of an Accept-Language header, best first. */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: (tag ?? "").trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((l) => l.tag && l.tag !== "*" && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

export function formatStatement(statement: Obj, format: StatementFormat, accepted: string[]): Obj {
  if (format === "ids") return idsOfStatement(statement);
  if (format === "canonical") return canonicalOf(statement, accepted) as Obj;
  return statement;
}
