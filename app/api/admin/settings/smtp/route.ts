import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { smtpSettingsSchema } from "@/lib/schemas/smtp";
import { getSmtpSettings, updateSmtpSettings } from "@/lib/server/settings/smtp";

export const GET = handle("Failed to load the mail server settings", async (req) => {
  const caller = await requireCaller(req);
  return getSmtpSettings(caller.ctx);
});

export const PUT = handle("Failed to save the mail server settings", async (req) => {
  const caller = await requireCaller(req);
  return updateSmtpSettings(caller.ctx, await readJson(req, smtpSettingsSchema));
});

export const { POST, PATCH, DELETE } = notAllowedExcept("GET", "PUT");
