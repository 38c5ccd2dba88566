import { handle, notAllowedExcept, readJson, visitorRequestContext } from "@/lib/http";
import { resetPasswordSchema } from "@/lib/schemas/auth";
import { resetPassword } from "@/lib/server/accounts/password-reset";

export const POST = handle<{ token: string }>("Failed to reset the password", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const { token } = await params;
  const { password } = await readJson(req, resetPasswordSchema);
  const { purpose } = await resetPassword(ctx, token, password);
  return {
    message:
      purpose === "invitation"
        ? "Your password is set. You can sign in now."
        : "Your password has been changed. You can sign in now.",
  };
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
