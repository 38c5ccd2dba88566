import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { createQuestionBankSchema, listQuestionBanksQuerySchema } from "@/lib/schemas/questions";
import { createQuestionBank, listQuestionBanks } from "@/lib/server/questions/banks";

export const GET = handle("Failed to load the question banks", async (req) => {
  const caller = await requireCaller(req);
  return listQuestionBanks(caller.ctx, parseInput(listQuestionBanksQuerySchema, queryObject(req.url)));
});

export const POST = handle("Failed to create the question bank", async (req) => {
  const caller = await requireCaller(req);
  const bank = await createQuestionBank(caller.ctx, await readJson(req, createQuestionBankSchema));
  return Response.json(bank, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
