import type { IncomingMessage, ServerResponse } from "node:http";
import { answerQuizSave } from "../app/api/quiz-attempts/[attemptId]/answers/[position]/handler";
import { nodeHeaders, writeNodeAnswer } from "./node-answer";

// PUT /api/quiz-attempts/{attemptId}/answers/{position} answered on a plain node:http request, before
// Next: the route file's own handler, read from and written to the node objects directly.

const SAVE_PATH = /^\/api\/quiz-attempts\/([^/]+)\/answers\/([^/]+)$/;

/** The attempt and position of a save's path (the routed path, no query string), or null when it is not one. */
export function quizSaveTarget(req: IncomingMessage, pathname: string): { attemptId: string; position: string } | null {
  if (req.method !== "PUT") return null;
  const match = SAVE_PATH.exec(pathname);
  if (!match) return null;
  try {
    return { attemptId: decodeURIComponent(match[1]!), position: decodeURIComponent(match[2]!) };
  } catch {
    // Not a path Next could route either: its own refusal answers it.
    return null;
  }
}

export async function answerQuizSaveOnNode(
  req: IncomingMessage,
  res: ServerResponse,
  target: { attemptId: string; position: string },
): Promise<void> {
  writeNodeAnswer(
    res,
    await answerQuizSave({ method: "PUT", url: req.url ?? "/", ...target, headers: nodeHeaders(req), body: req }),
  );
}
