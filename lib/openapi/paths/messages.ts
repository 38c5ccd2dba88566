import { definePaths, json } from "@/lib/openapi/operation";
import { unreadCountSchema } from "@/lib/openapi/responses/auth";

// app/api/messages/**.

export const messagePaths = definePaths("Messages", {
  "/api/messages/unread-count": {
    get: {
      operationId: "getUnreadMessageCount",
      summary: "How many messages the caller has not read",
      access: "signed-in",
      responses: { 200: json("The count", unreadCountSchema) },
    },
  },
});
