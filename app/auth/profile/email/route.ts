import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { changeEmailSchema } from "@/lib/schemas/auth";
import { cancelEmailChange, requestEmailChange } from "@/lib/server/accounts/email-change";
import { ownProfileJson } from "@/lib/server/serialize";

/** Asks for a new address: a confirmation link goes there; the profile shows it as pending meanwhile. */
export const POST = handle("Failed to change the e-mail address", async (req) => {
  const caller = await requireCaller(req);
  const profile = await requestEmailChange(caller.ctx, await readJson(req, changeEmailSchema), new URL(req.url).origin);
  return Response.json({ user: ownProfileJson(profile) }, { status: 202 });
});

export const DELETE = handle("Failed to cancel the e-mail change", async (req) => {
  const caller = await requireCaller(req);
  return { user: ownProfileJson(await cancelEmailChange(caller.ctx)) };
});

export const { GET, PUT, PATCH } = notAllowedExcept("POST", "DELETE");
