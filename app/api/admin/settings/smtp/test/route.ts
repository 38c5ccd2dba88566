import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { sendTestMail } from "@/lib/server/settings/test-mail";

/** Sends a test e-mail through the saved mail server to the caller. */
export const POST = handle("Failed to send the test e-mail", async (req) => {
  const caller = await requireCaller(req);
  return sendTestMail(caller, new URL(req.url).origin);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
