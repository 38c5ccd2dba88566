import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { threadQuerySchema, updateThreadSchema } from "@/lib/schemas/messages";
import { queryObject } from "@/lib/schemas/pagination";
import { setThreadArchived } from "@/lib/server/messages/inbox";
import { getThread } from "@/lib/server/messages/thread";

type Params = { threadId: string };

/** Marks the conversation read for the caller. */
export const GET = handle<Params>("Failed to load the conversation", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getThread(caller.ctx, (await params).threadId, parseInput(threadQuerySchema, queryObject(req.url)));
});

export const PATCH = handle<Params>("Failed to update the conversation", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { archived } = await readJson(req, updateThreadSchema);
  return setThreadArchived(caller.ctx, (await params).threadId, archived);
});

export const { POST, PUT, DELETE } = notAllowedExcept("GET", "PATCH");
