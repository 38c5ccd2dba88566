import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateSettingsSchema } from "@/lib/schemas/organization-settings";
import { updateSettings } from "@/lib/server/settings/mutations";
import { getSettings } from "@/lib/server/settings/queries";

export const GET = handle("Failed to load the settings", async (req) => {
  const caller = await requireCaller(req);
  return getSettings(caller.ctx);
});

export const PATCH = handle("Failed to save the settings", async (req) => {
  const caller = await requireCaller(req);
  return updateSettings(caller.ctx, await readJson(req, updateSettingsSchema));
});

export const { POST, PUT, DELETE } = notAllowedExcept("GET", "PATCH");
