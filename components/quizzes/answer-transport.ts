import { ANSWER_CHECKED, answerPath, ATTEMPT_REPLACED, type QuizResponse } from "@/components/quizzes/quiz-api";
import type { QueuedAnswer } from "@/components/quizzes/answer-store";

// How a saved answer reaches the server: PUT …/answers/{position} with the window's session and the
// answer's sequence. The answer is read here into a SaveOutcome; what to do about it is the queue's.

export type SaveOutcome =
  /** Acknowledged: the sequence the server keeps for this answer (its own or a newer one). */
  | { kind: "acknowledged"; sequence: number }
  /** Not answered, or a status worth retrying (5xx, 401, 408, 429). */
  | { kind: "retry"; message: string; retryAfterMs: number | null }
  /** Another window or device holds the attempt now. */
  | { kind: "replaced"; message: string }
  /** The attempt takes no more answers: submitted, or its time is up (the server submitted it). */
  | { kind: "ended"; message: string }
  /** This answer is refused for good (a 400: not the question's shape; a checked question); the others go on. */
  | { kind: "refused"; message: string };

export interface AnswerTransport {
  save(answer: QueuedAnswer, session: number): Promise<SaveOutcome>;
  /** Fire and forget, as the page goes away (a keepalive request outlives the page). */
  beacon(answer: QueuedAnswer, session: number): boolean;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

const bodyOf = (answer: QueuedAnswer, session: number) =>
  JSON.stringify({ session, sequence: answer.sequence, response: answer.response satisfies QuizResponse });

export function httpAnswerTransport(attemptId: string, fetch: FetchLike): AnswerTransport {
  const init = (answer: QueuedAnswer, session: number): RequestInit => ({
    method: "PUT",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: bodyOf(answer, session),
  });
  return {
    async save(answer, session) {
      let response: Response;
      try {
        response = await fetch(answerPath(attemptId, answer.position), init(answer, session));
      } catch (error) {
        return { kind: "retry", message: `Network error: ${messageOf(error)}`, retryAfterMs: null };
      }
      const body = await readJson(response);
      if (response.ok) {
        const sequence = typeof body?.sequence === "number" ? body.sequence : answer.sequence;
        return { kind: "acknowledged", sequence };
      }
      return failure(response, body);
    },
    beacon(answer, session) {
      try {
        void fetch(answerPath(attemptId, answer.position), { ...init(answer, session), keepalive: true }).catch(
          () => undefined,
        );
        return true;
      } catch {
        return false;
      }
    },
  };
}

interface ErrorBody {
  sequence?: unknown;
  error?: { code?: unknown; message?: unknown };
}

export function failure(response: Response, body: ErrorBody | null): SaveOutcome {
  const status = response.status;
  const serverMessage = typeof body?.error?.message === "string" ? body.error.message : null;
  const message = serverMessage ?? `${status}: ${response.statusText || "request failed"}`;
  if (status === 409 && body?.error?.code === ATTEMPT_REPLACED) return { kind: "replaced", message };
  if (status === 409 && body?.error?.code === ANSWER_CHECKED) return { kind: "refused", message };
  if (status === 409) return { kind: "ended", message };
  if (status >= 500 || status === 401 || status === 408 || status === 429)
    return { kind: "retry", message, retryAfterMs: retryAfterMs(response) };
  return { kind: "refused", message };
}

async function readJson(response: Response): Promise<ErrorBody | null> {
  try {
    return (await response.json()) as ErrorBody;
  } catch {
    return null;
  }
}

function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get("Retry-After") ?? NaN);
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 5 * 60_000) : null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Exponential backoff with jitter: half the window fixed, half random, as the SCORM commit queue waits. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number, random: number): number {
  const window = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + (random * window) / 2);
}
