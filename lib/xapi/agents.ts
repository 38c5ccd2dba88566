// An Agent's or identified Group's identity (its Inverse Functional Identifier) as one string, the key
// the statement columns, the documents and the filters compare; and the agents a statement mentions.

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** "mbox:mailto:a@b", "mbox_sha1sum:…", "openid:…", "account:{homePage} {name}"; null for an anonymous Group. */
export function agentKey(agent: unknown): string | null {
  if (!isObject(agent)) return null;
  if (typeof agent.mbox === "string") return `mbox:${agent.mbox.toLowerCase()}`;
  if (typeof agent.mbox_sha1sum === "string") return `mbox_sha1sum:${agent.mbox_sha1sum.toLowerCase()}`;
  if (typeof agent.openid === "string") return `openid:${agent.openid}`;
  if (isObject(agent.account)) return `account:${String(agent.account.homePage)} ${String(agent.account.name)}`;
  return null;
}

/** The keys of an Agent or Group and of a Group's members. */
export function actorKeys(actor: unknown): string[] {
  if (!isObject(actor)) return [];
  const keys: string[] = [];
  const own = agentKey(actor);
  if (own) keys.push(own);
  if (actor.objectType === "Group" && Array.isArray(actor.member))
    for (const member of actor.member) {
      const key = agentKey(member);
      if (key) keys.push(key);
    }
  return keys;
}

const isActor = (o: unknown): o is Obj => isObject(o) && (o.objectType === "Agent" || o.objectType === "Group");

/** Who the `agent` filter matches: the actor and an Agent or Group object. */
export function primaryAgentKeys(statement: Obj): string[] {
  const keys = actorKeys(statement.actor);
  if (isActor(statement.object)) keys.push(...actorKeys(statement.object));
  return [...new Set(keys)];
}

/** Who `related_agents` matches too: the authority, the context's agents, and the sub-statement's. */
export function relatedAgentKeys(statement: Obj): string[] {
  const keys = [...primaryAgentKeys(statement), ...actorKeys(statement.authority)];
  const context = isObject(statement.context) ? statement.context : {};
  keys.push(...actorKeys(context.instructor), ...actorKeys(context.team));
  if (Array.isArray(context.contextAgents))
    for (const c of context.contextAgents) if (isObject(c)) keys.push(...actorKeys(c.agent));
  if (Array.isArray(context.contextGroups))
    for (const c of context.contextGroups) if (isObject(c)) keys.push(...actorKeys(c.group));
  const object = statement.object;
  if (isObject(object) && object.objectType === "SubStatement") keys.push(...relatedAgentKeys(object));
  return [...new Set(keys)];
}

function contextActivityIds(context: unknown): string[] {
  if (!isObject(context) || !isObject(context.contextActivities)) return [];
  const ids: string[] = [];
  for (const list of Object.values(context.contextActivities)) {
    for (const activity of Array.isArray(list) ? list : [list]) if (isObject(activity)) ids.push(String(activity.id));
  }
  return ids;
}

/** The object's id when it is an Activity. */
export function objectActivityId(statement: Obj): string | null {
  const object = statement.object;
  if (!isObject(object) || (object.objectType ?? "Activity") !== "Activity") return null;
  return String(object.id);
}

/** What `related_activities` matches: the object, the context activities, and the sub-statement's. */
export function relatedActivityIds(statement: Obj): string[] {
  const ids: string[] = [];
  const own = objectActivityId(statement);
  if (own) ids.push(own);
  ids.push(...contextActivityIds(statement.context));
  const object = statement.object;
  if (isObject(object) && object.objectType === "SubStatement") ids.push(...relatedActivityIds(object));
  return [...new Set(ids)];
}

/** Every Activity object in a statement (its object, context activities, sub-statement), for the activities resource. */
export function activitiesIn(statement: Obj): Obj[] {
  const found: Obj[] = [];
  const object = statement.object;
  if (isObject(object) && (object.objectType ?? "Activity") === "Activity") found.push(object);
  if (isObject(statement.context) && isObject(statement.context.contextActivities))
    for (const list of Object.values(statement.context.contextActivities))
      for (const a of Array.isArray(list) ? list : [list]) if (isObject(a)) found.push(a);
  if (isObject(object) && object.objectType === "SubStatement") found.push(...activitiesIn(object));
  return found;
}
