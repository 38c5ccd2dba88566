import type { RequestHead } from "@/lib/auth/caller";
import { AppError, toAppError } from "@/lib/errors";
import { errorAnswer, parseInput, readBodyText, requireCaller, type HttpAnswer } from "@/lib/http";
import { isId } from "@/lib/schemas/id";
import { scormCommitBatchSchema } from "@/lib/schemas/scorm";
import { applyScormCommits, callerAndAttemptLookup } from "@/lib/server/scorm/commit";

// POST /api/scorm/commits, the SCORM player's most frequent request. One pipeline, two doors: this
// folder's route.ts serves it through Next wherever the app runs, and the custom server answers it before
// Next when it can (scripts/lib/app-server.ts: a Next route handler costs more than the commit itself,
// docs/architecture.md). Both call answerScormCommits: the same body reader, caller resolution, schema,
// service and error writer.

export const SCORM_COMMITS_PATH = "/api/scorm/commits";
export const MAX_COMMIT_BODY_BYTES = 4 * 1024 * 1024;

export interface CommitRequest extends RequestHead {
  /** The body as a stream of bytes: a web Request's body, or the node request itself. */
  body: AsyncIterable<Uint8Array> | null;
}

export async function answerScormCommits(req: CommitRequest): Promise<HttpAnswer> {
  try {
    // Any content type: sendBeacon posts text/plain.
    const json = parseJson(await readBodyText(req.body, req.headers.get("content-length"), MAX_COMMIT_BODY_BYTES));
    // A one-commit request (the player's usual) has its attempt read with the caller, in one statement.
    const soleAttempt = soleAttemptId(json);
    const prefetch = soleAttempt ? callerAndAttemptLookup(soleAttempt) : undefined;
    const caller = await requireCaller(req, prefetch?.lookup);
    if (json === NOT_JSON) throw new AppError("BAD_REQUEST", "The request body must be valid JSON");
    const batch = parseInput(scormCommitBatchSchema, json);
    const results = await applyScormCommits(caller.ctx, batch.commits, prefetch?.prefetched());
    return { status: 200, headers: { "cache-control": "no-store" }, body: { results } };
  } catch (error) {
    return errorAnswer(toAppError(error, "Failed to update SCORM progress"));
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
