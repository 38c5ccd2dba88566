import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { questionContentSchema, updateQuestionSchema } from "@/lib/schemas/questions";
import { getQuestion, reviseQuestion, updateQuestion } from "@/lib/server/questions/questions";

type Params = { bankId: string; questionId: string };

export const GET = handle<Params>("Failed to load the question", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { bankId, questionId } = await params;
  return getQuestion(caller.ctx, bankId, questionId);
});

/** An edit of the content: the question's next version. */
export const PUT = handle<Params>("Failed to save the question", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { bankId, questionId } = await params;
  return reviseQuestion(caller.ctx, bankId, questionId, await readJson(req, questionContentSchema));
});

export const PATCH = handle<Params>("Failed to update the question", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { bankId, questionId } = await params;
  return updateQuestion(caller.ctx, bankId, questionId, await readJson(req, updateQuestionSchema));
});

export const { POST, DELETE } = notAllowedExcept("GET", "PUT", "PATCH");
