// Reading fast-xml-parser's output (attributes as "@_name", text as "#text", namespace prefixes
// removed). Names are matched case-insensitively: manifests spell adlcp:scormtype and adlcp:scormType,
// adlcp:datafromlms and adlcp:dataFromLMS.

export type XmlNode = Record<string, unknown> | string | undefined;

function find(node: XmlNode, key: string): unknown {
  if (!node || typeof node !== "object") return undefined;
  if (key in node) return node[key];
  const lower = key.toLowerCase();
  const match = Object.keys(node).find((k) => k.toLowerCase() === lower);
  return match === undefined ? undefined : node[match];
}

/** All child elements of that name (the parser gives one element as a value, several as an array). */
export function children(node: XmlNode, name: string): XmlNode[] {
  const value = find(node, name);
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) =>
    typeof v === "object" || typeof v === "string" ? (v as XmlNode) : String(v),
  );
}

export function child(node: XmlNode, name: string): XmlNode {
  return children(node, name)[0];
}

export function attr(node: XmlNode, name: string): string | null {
  const value = find(node, `@_${name}`);
  return typeof value === "string" ? value.trim() : null;
}

export function text(node: XmlNode): string {
  if (typeof node === "string") return node.trim();
  const value = find(node, "#text");
  return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
}

export function bool(value: string | null): boolean | null {
  if (value === null) return null;
  return value.toLowerCase() === "true";
}

export function num(value: string | null): number | null {
  if (value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
