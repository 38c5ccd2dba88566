import { handle, notAllowedExcept, visitorRequestContext } from "@/lib/http";
import { confirmEmailChange } from "@/lib/server/accounts/email-change";

/** The link from the e-mail, confirmed by a click on /confirm-email/{token} (a POST: mail scanners only GET). */
export const POST = handle<{ token: string }>("Failed to confirm the e-mail address", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const { email } = await confirmEmailChange(ctx, (await params).token, new URL(req.url).origin);
  return { message: `Your e-mail address is now ${email}. Sign in with it from now on.`, email };
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
