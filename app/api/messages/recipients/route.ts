import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { recipientsQuerySchema } from "@/lib/schemas/messages";
import { queryObject } from "@/lib/schemas/pagination";
import { searchRecipients } from "@/lib/server/messages/recipients";

export const GET = handle("Failed to search for recipients", async (req) => {
  const caller = await requireCaller(req);
  return searchRecipients(caller.ctx, parseInput(recipientsQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
