import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { countUnreadMessages } from "@/lib/server/messages/unread-count";

export const GET = handle("Failed to get unread count", async (req) => {
  const caller = await requireCaller(req);
  return { unreadCount: await countUnreadMessages(caller.ctx) };
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
