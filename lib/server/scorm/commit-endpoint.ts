import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sessionFromRequest, type RequestHead } from "@/lib/auth/caller";
import { AppError, errorBody, toAppError } from "@/lib/errors";
import { parseInput } from "@/lib/http";
import { scormCommitBatchSchema } from "@/lib/schemas/scorm";
import { isId } from "@/lib/schemas/id";
import { applyScormCommits, callerAndAttemptLookup } from "@/lib/server/scorm/commit";

// POST /api/scorm/commits, served by the node:http layer in front of Next (scripts/lib/app-server.ts):
// the player's commits are the app's most frequent request, and a Next route handler costs more than the
// whole commit (docs/architecture.md). Same caller resolution (bearer or cookie + same-origin check),
// same zod schema, same error body as every route handler.

export const SCORM_COMMITS_PATH = "/api/scorm/commits";
export const MAX_COMMIT_BODY_BYTES = 4 * 1024 * 1024;

/** Whether the node server should hand this request to handleScormCommits (query string ignored). */
export function isScormCommitsRequest(req: IncomingMessage): boolean {
  const url = req.url ?? "";
  return url === SCORM_COMMITS_PATH || url.startsWith(`${SCORM_COMMITS_PATH}?`);
}

export async function handleScormCommits(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return send(res, 405, { error: { code: "BAD_REQUEST", message: "Use POST to send SCORM commits" } });
    }
    const text = await readBody(req);
    const json = parseJson(text);
    // A one-commit request (the player's usual) has its attempt read with the caller, in one statement.
    const soleAttempt = soleAttemptId(json);
    const prefetch = soleAttempt ? callerAndAttemptLookup(soleAttempt) : undefined;
    const session = await sessionFromRequest(requestHead(req), prefetch?.lookup);
    if (!session.caller) throw new AppError("UNAUTHENTICATED", "Authentication required: sign in on this organization's address");
    if (json === NOT_JSON) throw new AppError("BAD_REQUEST", "The request body must be valid JSON");
    const batch = parseInput(scormCommitBatchSchema, json);
    const results = await applyScormCommits(session.caller.ctx, batch.commits, prefetch?.prefetched());
    send(res, 200, { results });
  } catch (error) {
    const appError = toAppError(error, "Failed to save the SCORM progress");
    if (appError.status >= 500) console.error(appError.message, appError.cause ?? appError);
    send(res, appError.status, errorBody(appError), appError.headers);
  }
}

const NOT_JSON = Symbol("not JSON");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** The attempt id of a batch of exactly one commit, when it is a well-formed id (the schema checks the rest later). */
function soleAttemptId(json: unknown): string | null {
  const commits = (json as { commits?: unknown } | null)?.commits;
  if (!Array.isArray(commits) || commits.length !== 1) return null;
  const attemptId = (commits[0] as { attemptId?: unknown } | null)?.attemptId;
  return typeof attemptId === "string" && isId(attemptId) ? attemptId : null;
}

/** The body as text whatever its content type (sendBeacon posts text/plain), at most 4 MB. */
function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_COMMIT_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_COMMIT_BODY_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => reject(new AppError("BAD_REQUEST", "The request body could not be read")));
  });
}

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "The commit batch is larger than 4 MB: send fewer commits at once");

/** The method and headers for the shared caller resolution, read straight from the node request (no web Request to build). */
function requestHead(req: IncomingMessage): RequestHead {
  return {
    method: req.method ?? "POST",
    headers: {
      get: (name) => {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  res.end(text);
}
