import { XMLParser, XMLValidator } from "fast-xml-parser";

// cmi5.xml → Cmi5Structure (cmi5 2nd edition, section 13: the course structure). Pure: the import service
// hands it the XML and, for a zip, the package's file names. Every refusal says which rule of the spec it
// breaks, by the requirement id CATAPULT cites, so an author can look it up. The XML never reaches outside
// itself: a DOCTYPE or an ENTITY declaration is refused before parsing, and the parser expands no entities.

export const MOVE_ON = ["Passed", "Completed", "CompletedAndPassed", "CompletedOrPassed", "NotApplicable"] as const;
export type MoveOn = (typeof MOVE_ON)[number];
export const LAUNCH_METHODS = ["AnyWindow", "OwnWindow"] as const;
export type LaunchMethod = (typeof LAUNCH_METHODS)[number];

/** The launch parameters an AU's own URL may not carry: the LMS adds them (8.1.0.0-6). */
export const LAUNCH_QUERY_NAMES = ["endpoint", "fetch", "actor", "registration", "activityId"] as const;

export interface Cmi5Objective {
  id: string;
  title: string;
}

export interface Cmi5Au {
  /** Position among the course's AUs in document order (the CATAPULT adapter's auIndex). */
  index: number;
  /** The publisher's id (au/@id). */
  id: string;
  title: string;
  description: string;
  /** As written in cmi5.xml: absolute, or relative to the package's root. */
  url: string;
  moveOn: MoveOn;
  masteryScore: number | null;
  launchMethod: LaunchMethod;
  launchParameters: string | null;
  entitlementKey: string | null;
  activityType: string | null;
  /** Objective ids it refers to. */
  objectives: string[];
  /** Publisher ids of the blocks it sits in, outermost first. */
  blocks: string[];
}

export interface Cmi5Block {
  id: string;
  title: string;
  description: string;
  objectives: string[];
  /** Publisher ids of the blocks it sits in, outermost first. */
  blocks: string[];
  /** Its direct children, in document order: AU indexes and block ids. */
  children: Cmi5Child[];
}

export type Cmi5Child = { au: number } | { block: string };

export interface Cmi5Structure {
  course: { id: string; title: string; description: string };
  objectives: Cmi5Objective[];
  /** The course's direct children. */
  children: Cmi5Child[];
  blocks: Cmi5Block[];
  aus: Cmi5Au[];
}

export class Cmi5Invalid extends Error {
  constructor(
    readonly requirement: string,
    message: string,
  ) {
    super(message);
  }
}

type Node = Record<string, unknown>;
const ATTRS = ":@";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  preserveOrder: true,
  processEntities: false,
  trimValues: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

const nameOf = (node: Node) => Object.keys(node).find((k) => k !== ATTRS) ?? "";
const childrenOf = (node: Node) => (node[nameOf(node)] as Node[] | undefined) ?? [];
const attr = (node: Node, name: string): string | undefined => {
  const value = (node[ATTRS] as Record<string, string> | undefined)?.[name];
  return value === undefined ? undefined : String(value);
};
const elements = (node: Node, name: string) => childrenOf(node).filter((c) => nameOf(c) === name);
const textOf = (node: Node): string =>
  childrenOf(node)
    .map((c) => (nameOf(c) === "#text" ? String(c["#text"]) : ""))
    .join("")
    .trim();

/** An absolute IRI: a scheme, then no white space (RFC 3987 asks more; this is what the spec's tests probe). */
export const isIri = (value: string) => /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/.test(value);

/** The first non-empty langstring of a title or description element. */
function langstring(owner: Node, element: string, what: string, required: boolean): string {
  const [holder] = elements(owner, element);
  const text = holder
    ? elements(holder, "langstring")
        .map(textOf)
        .find((t) => t !== "")
    : undefined;
  if (text === undefined && required)
    throw new Cmi5Invalid("13.2.0.0-1", `${what} has no ${element}: the course structure requires one.`);
  return text ?? "";
}

function objectiveRefs(owner: Node, declared: Set<string>, what: string): string[] {
  const refs: string[] = [];
  for (const list of elements(owner, "objectives"))
    for (const ref of elements(list, "objective")) {
      const id = attr(ref, "idref") ?? "";
      if (!declared.has(id))
        throw new Cmi5Invalid(
          "13.1.3.0-1",
          `${what} refers to the objective ${JSON.stringify(id)}, which the course does not declare.`,
        );
      refs.push(id);
    }
  return refs;
}

interface Context {
  /** null: a bare cmi5.xml, every AU URL must be absolute. */
  files: Set<string> | null;
  ids: Set<string>;
  objectives: Set<string>;
  structure: Cmi5Structure;
}

function checkAuUrl(raw: string, what: string, files: Set<string> | null): string {
  const url = raw.trim();
  if (!url) throw new Cmi5Invalid("13.1.4.0-2", `${what} has no url.`);
  if (/\s/.test(url)) throw new Cmi5Invalid("13.1.4.0-2", `${what}'s url ${JSON.stringify(url)} is not a valid URL.`);
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url);
  let parsed: URL;
  try {
    parsed = new URL(url, "https://package.invalid/");
  } catch {
    throw new Cmi5Invalid("13.1.4.0-2", `${what}'s url ${JSON.stringify(url)} is not a valid URL.`);
  }
  if (absolute && !/^https?:$/.test(parsed.protocol))
    throw new Cmi5Invalid("13.1.4.0-2", `${what}'s url must be an http or https URL.`);
  for (const name of LAUNCH_QUERY_NAMES)
    if (parsed.searchParams.has(name))
      throw new Cmi5Invalid(
        "8.1.0.0-6",
        `${what}'s url carries the query parameter ${name}, which the LMS adds at launch.`,
      );
  if (absolute) return url;
  if (files === null)
    throw new Cmi5Invalid(
      "14.2.0.0-1",
      `${what}'s url ${JSON.stringify(url)} is relative, but a course structure imported without a package must give every AU an absolute URL.`,
    );
  if (url.startsWith("/") || url.startsWith("//"))
    throw new Cmi5Invalid("14.1.0.0-4", `${what}'s url ${JSON.stringify(url)} must be relative to the package's root.`);
  const path = decodeURIComponent(parsed.pathname.slice(1));
  if (!files.has(path))
    throw new Cmi5Invalid(
      "14.1.0.0-4",
      `${what}'s url names ${JSON.stringify(path)}, which the package does not contain.`,
    );
  return url;
}

function readAu(node: Node, blocks: string[], ctx: Context): number {
  const id = attr(node, "id") ?? "";
  const what = `The AU ${JSON.stringify(id)}`;
  if (!isIri(id)) throw new Cmi5Invalid("3.0.0.0-1", `${what}: an AU's id must be an IRI.`);
  if (ctx.ids.has(id)) throw new Cmi5Invalid("13.1.4.0-1", `${what} appears twice: ids must be unique.`);
  ctx.ids.add(id);
  const moveOn = (attr(node, "moveOn") ?? "NotApplicable") as MoveOn;
  if (!MOVE_ON.includes(moveOn))
    throw new Cmi5Invalid(
      "13.2.0.0-1",
      `${what} has moveOn ${JSON.stringify(moveOn)}: use one of ${MOVE_ON.join(", ")}.`,
    );
  const launchMethod = (attr(node, "launchMethod") ?? "AnyWindow") as LaunchMethod;
  if (!LAUNCH_METHODS.includes(launchMethod))
    throw new Cmi5Invalid(
      "13.2.0.0-1",
      `${what} has launchMethod ${JSON.stringify(launchMethod)}: use AnyWindow or OwnWindow.`,
    );
  const mastery = attr(node, "masteryScore");
  const masteryScore = mastery === undefined ? null : Number(mastery);
  if (masteryScore !== null && !(masteryScore >= 0 && masteryScore <= 1))
    throw new Cmi5Invalid("13.2.0.0-1", `${what} has masteryScore ${JSON.stringify(mastery)}: a decimal from 0 to 1.`);
  const [urlNode] = elements(node, "url");
  const url = checkAuUrl(urlNode ? textOf(urlNode) : "", what, ctx.files);
  const [params] = elements(node, "launchParameters");
  const [entitlement] = elements(node, "entitlementKey");
  const index = ctx.structure.aus.length;
  ctx.structure.aus.push({
    index,
    id,
    title: langstring(node, "title", what, true),
    description: langstring(node, "description", what, false),
    url,
    moveOn,
    masteryScore,
    launchMethod,
    launchParameters: params ? textOf(params) : null,
    entitlementKey: entitlement ? textOf(entitlement) : null,
    activityType: attr(node, "activityType") ?? null,
    objectives: objectiveRefs(node, ctx.objectives, what),
    blocks,
  });
  return index;
}

function readChildren(owner: Node, blocks: string[], ctx: Context): Cmi5Child[] {
  const children: Cmi5Child[] = [];
  for (const node of childrenOf(owner)) {
    const name = nameOf(node);
    if (name === "au") children.push({ au: readAu(node, blocks, ctx) });
    else if (name === "block") children.push({ block: readBlock(node, blocks, ctx) });
  }
  return children;
}

function readBlock(node: Node, parents: string[], ctx: Context): string {
  const id = attr(node, "id") ?? "";
  const what = `The block ${JSON.stringify(id)}`;
  if (!isIri(id)) throw new Cmi5Invalid("3.0.0.0-1", `${what}: a block's id must be an IRI.`);
  if (ctx.ids.has(id)) throw new Cmi5Invalid("13.1.2.0-1", `${what} appears twice: ids must be unique.`);
  ctx.ids.add(id);
  const block: Cmi5Block = {
    id,
    title: langstring(node, "title", what, true),
    description: langstring(node, "description", what, false),
    objectives: objectiveRefs(node, ctx.objectives, what),
    blocks: parents,
    children: [],
  };
  ctx.structure.blocks.push(block);
  block.children = readChildren(node, [...parents, id], ctx);
  if (block.children.length === 0) throw new Cmi5Invalid("13.2.0.0-1", `${what} holds no AU and no block.`);
  return id;
}

/**
 * Parses and checks a course structure. `files`: the package's file paths for a zip, null for a bare
 * cmi5.xml. Throws Cmi5Invalid with the requirement broken.
 */
export function parseCourseStructure(xml: string, files: string[] | null): Cmi5Structure {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml))
    throw new Cmi5Invalid("13.2.0.0-1", "cmi5.xml declares a DOCTYPE or entities, which are not allowed.");
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new Cmi5Invalid("13.2.0.0-1", `cmi5.xml is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}).`);
  const document = parser.parse(xml) as Node[];
  const root = document.find((n) => nameOf(n) === "courseStructure");
  if (!root) throw new Cmi5Invalid("13.2.0.0-1", "cmi5.xml has no courseStructure root element.");
  const courses = elements(root, "course");
  if (courses.length !== 1) throw new Cmi5Invalid("13.2.0.0-1", "cmi5.xml must describe exactly one course element.");
  const courseNode = courses[0]!;
  const courseId = attr(courseNode, "id") ?? "";
  if (!isIri(courseId)) throw new Cmi5Invalid("3.0.0.0-1", `The course id ${JSON.stringify(courseId)} is not an IRI.`);
  const structure: Cmi5Structure = {
    course: {
      id: courseId,
      title: langstring(courseNode, "title", "The course", true),
      description: langstring(courseNode, "description", "The course", true),
    },
    objectives: [],
    children: [],
    blocks: [],
    aus: [],
  };
  const ctx: Context = {
    files: files ? new Set(files) : null,
    ids: new Set([courseId]),
    objectives: new Set(),
    structure,
  };
  for (const list of elements(root, "objectives"))
    for (const objective of elements(list, "objective")) {
      const id = attr(objective, "id") ?? "";
      if (!isIri(id)) throw new Cmi5Invalid("3.0.0.0-1", `The objective id ${JSON.stringify(id)} is not an IRI.`);
      if (ctx.objectives.has(id))
        throw new Cmi5Invalid(
          "13.1.3.0-1",
          `The objective ${JSON.stringify(id)} is declared twice: ids must be unique.`,
        );
      ctx.objectives.add(id);
      structure.objectives.push({ id, title: langstring(objective, "title", `The objective ${id}`, false) });
    }
  structure.children = readChildren(root, [], ctx);
  if (structure.aus.length === 0)
    throw new Cmi5Invalid("13.2.0.0-1", "The course has no AU: there is nothing to launch.");
  return structure;
}
