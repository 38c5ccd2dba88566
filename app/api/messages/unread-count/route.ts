import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { countUnreadThreads } from "@/lib/server/messages/unread-count";

/** The spec's call: conversations with unread messages (the client shows 'Failed to get unread count' when it fails). */
export const GET = handle("Failed to get unread count", async (req) => {
  const caller = await requireCaller(req);
  return { unreadCount: await countUnreadThreads(caller.ctx) };
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
