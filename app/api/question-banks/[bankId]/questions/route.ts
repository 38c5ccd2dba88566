import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { listQuestionsQuerySchema, questionContentSchema } from "@/lib/schemas/questions";
import { createQuestion, listQuestions } from "@/lib/server/questions/questions";

type Params = { bankId: string };

export const GET = handle<Params>("Failed to load the questions", async (req, { params }) => {
  const caller = await requireCaller(req);
  return listQuestions(caller.ctx, (await params).bankId, parseInput(listQuestionsQuerySchema, queryObject(req.url)));
});

export const POST = handle<Params>("Failed to create the question", async (req, { params }) => {
  const caller = await requireCaller(req);
  const question = await createQuestion(caller.ctx, (await params).bankId, await readJson(req, questionContentSchema));
  return Response.json(question, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
