import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { replySchema } from "@/lib/schemas/messages";
import { replyToThread } from "@/lib/server/messages/send";

export const POST = handle<{ threadId: string }>("Failed to send the reply", async (req, { params }) => {
  const caller = await requireCaller(req);
  return Response.json(await replyToThread(caller.ctx, (await params).threadId, await readJson(req, replySchema)), {
    status: 201,
  });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
