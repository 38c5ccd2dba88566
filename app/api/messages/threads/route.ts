import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { createThreadSchema, listThreadsQuerySchema } from "@/lib/schemas/messages";
import { queryObject } from "@/lib/schemas/pagination";
import { listThreads } from "@/lib/server/messages/inbox";
import { createThread } from "@/lib/server/messages/send";

export const GET = handle("Failed to load your messages", async (req) => {
  const caller = await requireCaller(req);
  return listThreads(caller.ctx, parseInput(listThreadsQuerySchema, queryObject(req.url)));
});

export const POST = handle("Failed to send the message", async (req) => {
  const caller = await requireCaller(req);
  return Response.json(await createThread(caller.ctx, await readJson(req, createThreadSchema)), { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
