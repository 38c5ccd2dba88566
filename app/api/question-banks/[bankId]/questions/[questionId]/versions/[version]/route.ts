import { AppError } from "@/lib/errors";
import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { questionVersionParamSchema } from "@/lib/schemas/questions";
import { getQuestionVersion } from "@/lib/server/questions/questions";

type Params = { bankId: string; questionId: string; version: string };

export const GET = handle<Params>("Failed to load the question version", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { bankId, questionId, version } = await params;
  const number = questionVersionParamSchema.safeParse(version);
  // A version that cannot exist is no record, like a malformed id.
  if (!number.success) throw new AppError("NOT_FOUND", `Question version ${version} not found`);
  return getQuestionVersion(caller.ctx, bankId, questionId, number.data);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
