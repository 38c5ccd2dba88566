import type { ScormCommit } from "@/lib/schemas/scorm";
import type { ClaimAnswer } from "@/lib/scorm/runtime/commit-queue/outbox";
import type { SendOutcome } from "@/lib/scorm/runtime/commit-queue/transition";

// How commits reach the server: POST /scorm/commits/{token} on the content host (the runtime's own
// origin; no cookie exists there, the token in the URL is the grant), and beacons as the page goes away.
// The server's answer is read here into a SendOutcome; what to do about it is transition.ts's.

export interface TransportOptions {
  /** The visit's commit URL (launch.content.commitUrl). */
  endpoint: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  sendBeacon?: ((url: string, data: Blob) => boolean) | undefined;
}

export interface CommitTransport {
  /** POSTs the batch (with the claim, when it carries one); never rejects. */
  post(batch: ScormCommit[], claim: { generation: number } | null): Promise<SendOutcome>;
  /**
   * Hands the batch to the browser, which sends it even as the page goes away (sendBeacon, else a
   * keepalive fetch). Fire and forget: whether it arrives is never known here.
   */
  beacon(batch: ScormCommit[]): boolean;
}

export function httpTransport({ endpoint, fetch, sendBeacon }: TransportOptions): CommitTransport {
  return {
    async post(batch, claim) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ commits: batch, ...(claim ? { claim } : {}) }),
        });
      } catch (error) {
        return { kind: "unreachable", message: error instanceof Error ? error.message : String(error) };
      }
      if (response.ok) return { kind: "accepted", ...(await readAnswer(response, batch)) };
      const serverMessage = await serverErrorMessage(response);
      return {
        kind: "refused",
        status: response.status,
        message: serverMessage ?? (response.statusText || "request failed"),
        serverMessage,
        retryAfterMs: retryAfterMs(response),
      };
    },
    beacon(batch) {
      const body = JSON.stringify({ commits: batch });
      try {
        if (sendBeacon?.(endpoint, new Blob([body], { type: "application/json" }))) return true;
      } catch {
        // fall through to keepalive
      }
      try {
        void fetch(endpoint, {
          method: "POST",
          body,
          keepalive: true,
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
        }).catch(() => undefined);
        return true;
      } catch {
        return false;
      }
    },
  };
}

interface CommitAck {
  attemptId: string;
  scoId: string;
  sequence: number;
  applied: boolean;
}

async function readAnswer(
  response: Response,
  batch: ScormCommit[],
): Promise<{ acknowledged: Set<number>; player: ClaimAnswer | null }> {
  // A 200 means the database committed the whole batch, whatever its body says.
  const all = new Set(batch.map((commit) => commit.sequence));
  try {
    const body = (await response.json()) as { results?: CommitAck[]; player?: ClaimAnswer };
    const player = typeof body.player?.generation === "number" ? body.player : null;
    if (!Array.isArray(body.results)) return { acknowledged: all, player };
    const acknowledged = new Set(
      body.results
        .filter((ack) => ack.attemptId === batch[0]?.attemptId && all.has(ack.sequence))
        .map((ack) => ack.sequence),
    );
    return { acknowledged, player };
  } catch {
    return { acknowledged: all, player: null };
  }
}

/** The `{ error: { message } }` of a failed answer, or null when the server gave none. */
async function serverErrorMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === "string" && body.error.message ? body.error.message : null;
  } catch {
    return null;
  }
}

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get("Retry-After");
  if (!header) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 5 * 60_000) : null;
}
