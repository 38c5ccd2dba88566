import { toAppError } from "@/lib/errors";
import { errorAnswer, readJsonBody, requireCaller, type HttpAnswer } from "@/lib/http";
import { saveQuizAnswerSchema } from "@/lib/schemas/quizzes";
import { attemptPosition } from "@/lib/server/quizzes/access";
import { saveAnswer } from "@/lib/server/quizzes/answers";

// PUT /api/quiz-attempts/{attemptId}/answers/{position}: one answer, saved as it is given; a class at a
// deadline sends these more than anything else. One pipeline, two doors, as the SCORM commits: this
// folder's route.ts serves it through Next wherever the app runs, and the custom server answers it before
// Next (server/app-server.ts), where a route handler cost several times the save itself
// (docs/benchmarks.md "Quizzes"). Both call answerQuizSave: the same caller check, body reader, schema,
// service and error writer.

export interface QuizSaveRequest {
  method: string;
  /** The request's URL or path: the caller resolution counts API keys on /api routes only. */
  url: string;
  attemptId: string;
  position: string;
  headers: { get(name: string): string | null };
  /** The body as a stream of bytes: a web Request's body, or the node request itself. */
  body: AsyncIterable<Uint8Array> | null;
}

export async function answerQuizSave(req: QuizSaveRequest): Promise<HttpAnswer> {
  try {
    const caller = await requireCaller(req);
    const input = await readJsonBody(req.body, req.headers.get("content-length"), saveQuizAnswerSchema);
    const ack = await saveAnswer(caller.ctx, req.attemptId, attemptPosition(req.position), input);
    return { status: 200, body: ack };
  } catch (error) {
    return errorAnswer(toAppError(error, "Failed to save the answer"));
  }
}
