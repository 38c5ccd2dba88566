import type { QuizResponse } from "@/components/quizzes/quiz-api";

// Where the player keeps an attempt's unsent answers in the browser: localStorage, shared by every tab of
// the attempt, so a reload or a dropped connection loses nothing. It also holds the attempt's sequence
// counter, so numbers keep rising across reloads. Missing or full storage is not an error here: reads
// answer null and writes false, and the queue keeps the answers in memory.

export interface QueuedAnswer {
  position: number;
  sequence: number;
  response: QuizResponse;
}

export interface StoredAnswers {
  /** The next sequence number to hand out. */
  next: number;
  answers: QueuedAnswer[];
}

/** The part of the Storage interface the queue uses (localStorage in the browser). */
export interface AnswerStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const answersStorageKey = (attemptId: string) => `lms.quiz.answers.${attemptId}`;
/** The session of the attempt's newest window in this browser: an older tab hears it at once. */
export const sessionStorageKey = (attemptId: string) => `lms.quiz.session.${attemptId}`;

export interface AnswerStore {
  read(): StoredAnswers | null;
  write(stored: StoredAnswers): boolean;
  announceSession(session: number): void;
}

export function answerStore(storage: AnswerStorage | null, attemptId: string): AnswerStore {
  const key = answersStorageKey(attemptId);
  return {
    read() {
      try {
        const text = storage?.getItem(key);
        if (!text) return null;
        const parsed = JSON.parse(text) as Partial<StoredAnswers>;
        if (typeof parsed.next !== "number" || !Array.isArray(parsed.answers)) return null;
        return { next: parsed.next, answers: parsed.answers.filter(isQueuedAnswer) };
      } catch {
        return null;
      }
    },
    write(stored) {
      if (!storage) return false;
      try {
        storage.setItem(key, JSON.stringify(stored));
        return true;
      } catch {
        return false;
      }
    },
    announceSession(session) {
      try {
        storage?.setItem(sessionStorageKey(attemptId), String(session));
      } catch {
        // the other tabs then learn it from their next save's 409
      }
    },
  };
}

function isQueuedAnswer(value: unknown): value is QueuedAnswer {
  const a = value as QueuedAnswer | null;
  return (
    typeof a === "object" &&
    a !== null &&
    Number.isInteger(a.position) &&
    Number.isInteger(a.sequence) &&
    typeof a.response === "object" &&
    a.response !== null
  );
}
