import "server-only";
import path from "node:path";
import { scormRuntimeHeaders } from "@/lib/security-headers";
import { CONTENT_PATHS, requireActiveGrant, type ContentRequest } from "@/lib/server/scorm/content-host";
import { fileVersion } from "@/lib/server/scorm/file-version";

// The runtime page on the content host: an empty document that loads the runtime's script (built with the
// app from lib/scorm/runtime/main.ts into public/scorm/runtime.js) and names the one origin it talks
// to, the organization's app origin; the script then frames the SCO beside itself on this origin.

/** A hash of the built script, so a new build is fetched at once while an unchanged one stays cached. */
const scriptVersion = fileVersion(path.join(process.cwd(), "public", CONTENT_PATHS.script));

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

export async function runtimePageResponse(req: ContentRequest, token: string): Promise<Response> {
  const { appOrigin } = await requireActiveGrant(req, token);
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Lesson content</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>
</head>
<body data-app-origin="${escapeAttribute(appOrigin)}">
<script src="${CONTENT_PATHS.script}?v=${scriptVersion()}"></script>
</body>
</html>
`;
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  for (const { key, value } of scormRuntimeHeaders(appOrigin)) headers.set(key, value);
  return new Response(html, { headers });
}
