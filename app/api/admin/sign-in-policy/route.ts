import { clientIp, handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { signInPolicySchema } from "@/lib/schemas/identity-providers";
import { getSignInPolicy, updateSignInPolicy } from "@/lib/server/sso/sign-in-policy";

export const GET = handle("Failed to load the sign-in policy", async (req) => {
  const caller = await requireCaller(req);
  return getSignInPolicy(caller.ctx);
});

export const PUT = handle("Failed to save the sign-in policy", async (req) => {
  const caller = await requireCaller(req);
  return updateSignInPolicy(caller.ctx, await readJson(req, signInPolicySchema), clientIp(req.headers));
});

export const { POST, PATCH, DELETE } = notAllowedExcept("GET", "PUT");
