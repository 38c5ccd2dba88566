import { contentType, lookup } from "mime-types";

/** The Content-Type for a stored file's name (its extension), with a charset for text; unknown → octet-stream. */
export function contentTypeFor(fileName: string): string {
  const name = fileName.split("/").pop() ?? "";
  if (!name.includes(".")) return "application/octet-stream";
  const type = lookup(name);
  return (type && contentType(type)) || "application/octet-stream";
}
