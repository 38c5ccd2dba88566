import { XMLParser, XMLValidator } from "fast-xml-parser";
import { AppError } from "@/lib/errors";
import { buildSequencing, itemObjectives, sequencingOf, type SequencingContext } from "@/lib/scorm/manifest-sequencing";
import { attr, bool, children, child, num, text, type XmlNode } from "@/lib/scorm/xml";
import type {
  CompletionThreshold,
  ManifestItem,
  ManifestOrganization,
  ManifestResource,
  ScormManifest,
  ScormVersion,
  SharedDataMap,
} from "@/lib/scorm/types";

// imsmanifest.xml → ScormManifest. The XML is never given a chance to reach outside itself: a DOCTYPE
// or an ENTITY declaration is refused before parsing, and the parser expands no entities.

export interface ParsedManifest {
  manifest: ScormManifest;
  /** Problems that do not stop the import (a launchable asset's file missing, …). */
  warnings: string[];
}

const reject = (message: string) => new AppError("BAD_REQUEST", message);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  textNodeName: "#text",
});

function parseXml(xml: string): XmlNode {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw reject(
      "The package's imsmanifest.xml declares a DOCTYPE or entities, which are not allowed (they can read files or expand without limit).",
    );
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw reject(
      `The package's imsmanifest.xml is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`,
    );
  }
  try {
    return parser.parse(xml) as XmlNode;
  } catch (error) {
    throw reject(
      `The package's imsmanifest.xml could not be read: ${error instanceof Error ? error.message : "parse error"}.`,
    );
  }
}

/** The SCORM version from <schemaversion>, else from the namespaces the manifest declares. */
export function detectVersion(xml: string, schemaVersion: string): ScormVersion {
  const v = schemaVersion.trim().toLowerCase();
  if (v === "1.2") return "scorm12";
  if (v.includes("4th")) return "scorm2004_4th";
  if (v.includes("3rd")) return "scorm2004_3rd";
  if (v.includes("2nd") || v === "cam 1.3" || v === "2004") return "scorm2004_2nd";
  if (/adlcp_rootv1p2/i.test(xml)) return "scorm12";
  if (/adlcp_v1p3|imsss/i.test(xml)) {
    // 4th edition's new markup: shared data maps, completion threshold attributes, adlseq objectives.
    return /<(\w+:)?data[\s>]|progressWeight|minProgressMeasure|readCompletionStatus/.test(xml)
      ? "scorm2004_4th"
      : "scorm2004_3rd";
  }
  return "scorm12";
}

/** Joins a resource href and an item's parameters (SCORM 2004 CAM 3.4.1.4 rules). */
export function joinLaunch(href: string, parameters: string | null): string {
  let params = (parameters ?? "").trim();
  if (!params) return href;
  if (params.startsWith("#")) return href.includes("#") ? href : href + params;
  if (params.startsWith("?") || params.startsWith("&")) params = params.slice(1);
  if (!params) return href;
  const [beforeHash, hash] = splitOnce(href, "#");
  const joined = beforeHash.includes("?")
    ? `${beforeHash}${/[?&]$/.test(beforeHash) ? "" : "&"}${params}`
    : `${beforeHash}?${params}`;
  return hash === null ? joined : `${joined}#${hash}`;
}

function splitOnce(s: string, sep: string): [string, string | null] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, null] : [s.slice(0, i), s.slice(i + 1)];
}

/** xml:base values joined: each one is a folder the next path is relative to. */
function withBase(bases: (string | null)[], href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/")) return href;
  const prefix = bases
    .filter((b): b is string => !!b)
    .map((b) => (b.endsWith("/") ? b : `${b}/`))
    .join("");
  return (prefix + href).replace(/^(\.\/)+/, "").replace(/\/(\.\/)+/g, "/");
}

/** The package file a launch URL names (query and fragment removed, %-escapes decoded); null when external. */
export function launchFilePath(launch: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(launch) || launch.startsWith("//")) return null;
  const path = launch.split(/[?#]/)[0]!.replace(/^\/+/, "");
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function scormTypeOf(node: XmlNode): "sco" | "asset" | null {
  const value = attr(node, "scormtype")?.toLowerCase();
  return value === "sco" || value === "asset" ? value : null;
}

function parseResources(manifestNode: XmlNode): ManifestResource[] {
  const resourcesNode = child(manifestNode, "resources");
  const base = [attr(manifestNode, "base"), attr(resourcesNode, "base")];
  return children(resourcesNode, "resource").map((r) => {
    const resourceBase = [...base, attr(r, "base")];
    const href = attr(r, "href");
    return {
      identifier: attr(r, "identifier") ?? "",
      scormType: scormTypeOf(r),
      href: href ? withBase(resourceBase, href) : null,
      files: children(r, "file")
        .map((f) => attr(f, "href"))
        .filter((h): h is string => !!h)
        .map((h) => withBase(resourceBase, h)),
      dependencies: children(r, "dependency")
        .map((d) => attr(d, "identifierref"))
        .filter((d): d is string => !!d),
    };
  });
}

function completionThresholdOf(item: XmlNode): CompletionThreshold | null {
  const node = child(item, "completionThreshold");
  if (node === undefined) return null;
  const body = text(node);
  // 2nd/3rd edition: the element's text is the threshold; 4th edition: attributes.
  const fromText = body ? Number(body) : NaN;
  return {
    completedByMeasure: bool(attr(node, "completedByMeasure")) ?? Number.isFinite(fromText),
    minProgressMeasure: num(attr(node, "minProgressMeasure")) ?? (Number.isFinite(fromText) ? fromText : null),
    progressWeight: num(attr(node, "progressWeight")),
  };
}

function sharedDataOf(item: XmlNode): SharedDataMap[] {
  return children(child(item, "data"), "map")
    .map((m) => ({
      targetId: attr(m, "targetID") ?? "",
      readSharedData: bool(attr(m, "readSharedData")) ?? true,
      writeSharedData: bool(attr(m, "writeSharedData")) ?? false,
    }))
    .filter((m) => m.targetId);
}

interface ItemContext extends SequencingContext {
  resources: Map<string, ManifestResource>;
  version: ScormVersion;
}

function parseItem(node: XmlNode, ctx: ItemContext): ManifestItem {
  const identifier = attr(node, "identifier") ?? "";
  const title = text(child(node, "title")) || identifier;
  const resourceId = attr(node, "identifierref");
  let resource: ManifestResource | null = null;
  if (resourceId) {
    resource = ctx.resources.get(resourceId) ?? null;
    if (!resource)
      throw reject(
        `The item ${JSON.stringify(identifier)} (${JSON.stringify(title)}) points at the resource ${JSON.stringify(resourceId)}, which the manifest does not declare.`,
      );
  }
  const launch = resource?.href ? joinLaunch(resource.href, attr(node, "parameters")) : null;
  const { objectives, scaledPassingScore } = itemObjectives(sequencingOf(node, ctx));
  const limit = child(child(node, "sequencing"), "limitConditions");
  return {
    identifier,
    title,
    resourceId,
    launch,
    scormType: resource ? (resource.scormType ?? "asset") : null,
    isVisible: bool(attr(node, "isvisible")) ?? true,
    masteryScore: num(text(child(node, "masteryscore"))),
    dataFromLms: text(child(node, "dataFromLMS")) || null,
    maxTimeAllowed: text(child(node, "maxtimeallowed")) || attr(limit, "attemptAbsoluteDurationLimit") || null,
    timeLimitAction: text(child(node, "timeLimitAction")) || null,
    completionThreshold: completionThresholdOf(node),
    scaledPassingScore,
    objectives,
    sharedData: sharedDataOf(node),
    children: children(node, "item").map((c) => parseItem(c, ctx)),
  };
}

function pickOrganization(manifestNode: XmlNode): XmlNode {
  const organizations = child(manifestNode, "organizations");
  const all = children(organizations, "organization");
  if (!all.length) throw reject("The package's imsmanifest.xml has no <organization>: there is nothing to launch.");
  const wanted = attr(organizations, "default");
  if (!wanted) return all[0]!;
  const found = all.find((o) => attr(o, "identifier") === wanted);
  if (!found)
    throw reject(
      `The package's imsmanifest.xml names the default organization ${JSON.stringify(wanted)}, which it does not declare.`,
    );
  return found;
}

/**
 * Parses the manifest. `packageFiles` (the zip's file paths) lets it refuse a SCO whose launch file is
 * missing; without it, files are not checked.
 */
export function parseManifest(xml: string, packageFiles?: Iterable<string>): ParsedManifest {
  const doc = parseXml(xml);
  const manifestNode = child(doc, "manifest");
  if (!manifestNode || typeof manifestNode !== "object")
    throw reject("The package's imsmanifest.xml has no <manifest> root element.");
  const version = detectVersion(xml, text(child(child(manifestNode, "metadata"), "schemaversion")));
  const resources = parseResources(manifestNode);
  const orgNode = pickOrganization(manifestNode);
  const ctx: ItemContext = {
    version,
    resources: new Map(resources.map((r) => [r.identifier, r])),
    collections: new Map(
      children(child(manifestNode, "sequencingCollection"), "sequencing")
        .filter((s) => attr(s, "ID"))
        .map((s) => [attr(s, "ID")!, s]),
    ),
  };
  const items = children(orgNode, "item").map((i) => parseItem(i, ctx));
  if (!items.length) throw reject("The package's default organization has no items: there is nothing to launch.");
  const organization: ManifestOrganization = {
    identifier: attr(orgNode, "identifier") ?? "",
    title: text(child(orgNode, "title")) || (attr(orgNode, "identifier") ?? ""),
    items,
  };
  const warnings = checkLaunchFiles(organization.items, packageFiles);
  const isScorm2004 = version !== "scorm12";
  const sequencing = isScorm2004 ? buildSequencing(orgNode, organization, ctx) : null;
  return {
    manifest: {
      identifier: attr(manifestNode, "identifier") ?? "",
      version,
      title: organization.title,
      organization,
      resources,
      sequencing: sequencing?.settings ?? null,
      globalObjectiveIds: sequencing?.globalObjectiveIds ?? [],
    },
    warnings,
  };
}

function checkLaunchFiles(items: ManifestItem[], packageFiles: Iterable<string> | undefined): string[] {
  const warnings: string[] = [];
  const files = packageFiles ? new Set([...packageFiles].map((f) => f.normalize("NFC"))) : null;
  let launchable = 0;
  const walk = (list: ManifestItem[]) => {
    for (const item of list) {
      if (item.launch) {
        launchable++;
        const file = launchFilePath(item.launch);
        if (file === null)
          warnings.push(`The item ${JSON.stringify(item.title)} launches an external address (${item.launch}).`);
        else if (files && !files.has(file.normalize("NFC"))) {
          if (item.scormType === "sco") {
            throw reject(
              `The item ${JSON.stringify(item.title)} launches ${JSON.stringify(file)}, which is not in the package.`,
            );
          }
          warnings.push(
            `The item ${JSON.stringify(item.title)} launches ${JSON.stringify(file)}, which is not in the package.`,
          );
        }
      }
      walk(item.children);
    }
  };
  walk(items);
  if (!launchable)
    throw reject("The package has no item that launches a resource with an href: there is nothing to play.");
  return warnings;
}
