import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateQuestionBankSchema } from "@/lib/schemas/questions";
import { deleteQuestionBank, getQuestionBank, updateQuestionBank } from "@/lib/server/questions/banks";

type Params = { bankId: string };

export const GET = handle<Params>("Failed to load the question bank", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getQuestionBank(caller.ctx, (await params).bankId);
});

export const PATCH = handle<Params>("Failed to update the question bank", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateQuestionBank(caller.ctx, (await params).bankId, await readJson(req, updateQuestionBankSchema));
});

export const DELETE = handle<Params>("Failed to delete the question bank", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteQuestionBank(caller.ctx, (await params).bankId);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
