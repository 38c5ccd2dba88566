import { AppError, toAppError } from "@/lib/errors";
import { errorAnswer, parseInput, readBodyText, type HttpAnswer } from "@/lib/http";
import { metrics } from "@/lib/metrics/registry";
import { scormCommitBatchSchema } from "@/lib/schemas/scorm";
import { applyScormCommits } from "@/lib/server/scorm/commit";
import { contentRequest, readContentAccess } from "@/lib/server/scorm/content-host";

// POST /scorm/commits/{token} on the organization's content host: the SCORM runtime's commits, its most
// frequent request. Authorized by the visit's token (lib/server/scorm/content-token.ts), never by a
// session: the token names the one attempt it may write, so content running beside the runtime can
// write nothing but the attempt it already controls. One pipeline, two doors: this folder's route.ts
// serves it through Next wherever the app runs, and the custom server answers it before Next when it
// can (server/app-server.ts: a Next route handler costs more than the commit itself,
// docs/architecture.md). Both call answerScormCommits: the same body reader, token check, schema,
// service and error writer.

export const MAX_COMMIT_BODY_BYTES = 4 * 1024 * 1024;

export interface CommitRequest {
  /** The token path segment. */
  token: string;
  headers: { get(name: string): string | null };
  /** The body as a stream of bytes: a web Request's body, or the node request itself. */
  body: AsyncIterable<Uint8Array> | null;
}

export async function answerScormCommits(req: CommitRequest): Promise<HttpAnswer> {
  try {
    const { grant, subdomain } = readContentAccess(contentRequest(req.headers), req.token);
    // Any content type: sendBeacon posts text/plain.
    const text = await readBodyText(req.body, req.headers.get("content-length"), MAX_COMMIT_BODY_BYTES);
    const batch = parseInput(scormCommitBatchSchema, parseJson(text));
    const attemptId = grant.attemptId;
    // A preview has no attempt; a commit for any other attempt than the token's is one it may not write.
    if (!attemptId || batch.commits.some((commit) => commit.attemptId !== attemptId))
      throw new AppError("NOT_FOUND", "SCORM attempt not found");
    const { results, player } = await applyScormCommits(
      { organizationId: grant.organizationId, subdomain, userId: grant.userId, attemptId },
      batch.commits,
      batch.claim,
    );
    const applied = results.filter((result) => result.applied).length;
    metrics().scormCommits.inc({ outcome: "applied" }, applied);
    metrics().scormCommits.inc({ outcome: "stale" }, results.length - applied);
    return { status: 200, headers: { "cache-control": "no-store" }, body: { results, ...(player ? { player } : {}) } };
  } catch (error) {
    metrics().scormCommits.inc({ outcome: "refused" });
    return errorAnswer(toAppError(error, "Failed to update SCORM progress"));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("BAD_REQUEST", "The request body must be valid JSON");
  }
}
