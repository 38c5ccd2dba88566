import { handle, notAllowedExcept, readJson, visitorRequestContext } from "@/lib/http";
import { forgotPasswordSchema } from "@/lib/schemas/auth";
import { requestPasswordReset } from "@/lib/server/accounts/password-reset";

export const POST = handle("Failed to send the reset e-mail", async (req) => {
  const ctx = await visitorRequestContext(req);
  const { email } = await readJson(req, forgotPasswordSchema);
  await requestPasswordReset(ctx, email, new URL(req.url).origin);
  return { message: "If an account exists for this email, we have sent a link to reset the password." };
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
