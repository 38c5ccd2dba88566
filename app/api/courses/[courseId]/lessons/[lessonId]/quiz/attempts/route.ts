import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { listMyAttempts, startAttempt } from "@/lib/server/quizzes/attempts";

type Params = { courseId: string; lessonId: string };

/** The quiz as the caller sees it before starting, and their own attempts. */
export const GET = handle<Params>("Failed to load the quiz attempts", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, lessonId } = await params;
  return listMyAttempts(caller.ctx, courseId, lessonId);
});

/** Starts an attempt, or resumes the one in progress; this window then holds it. */
export const POST = handle<Params>("Failed to start the quiz attempt", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, lessonId } = await params;
  return startAttempt(caller.ctx, courseId, lessonId);
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
