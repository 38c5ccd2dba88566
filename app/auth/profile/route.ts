import { personSessionId } from "@/lib/auth/caller";
import { renewSession } from "@/lib/auth/session-renewal";
import { AppError } from "@/lib/errors";
import { handle, isMultipart, notAllowedExcept, parseInput, readForm, readJson, requireCaller } from "@/lib/http";
import { updateProfileSchema } from "@/lib/schemas/auth";
import { getOwnProfile, updateOwnProfile } from "@/lib/server/accounts/profile";
import { organizationJson, ownProfileJson } from "@/lib/server/serialize";

export const GET = handle("Failed to fetch profile", async (req) => {
  const caller = await requireCaller(req);
  const user = await getOwnProfile(caller.ctx);
  return { ...ownProfileJson(user), organization: organizationJson(caller.ctx.organization) };
});

/**
 * JSON, or multipart/form-data when an avatar image is sent (other fields as form fields). A new password
 * ends the user's other sessions; this one continues with a renewed token (see renewSession).
 */
export const PUT = handle("Failed to update profile", async (req) => {
  const caller = await requireCaller(req);
  const { input, avatar } = await readProfileUpdate(req);
  const { profile, sessionVersion } = await updateOwnProfile(caller.ctx, input, avatar, personSessionId(caller));
  const user = ownProfileJson(profile);
  if (sessionVersion === null) return { user };
  const { token, headers } = await renewSession(req, caller, sessionVersion);
  return Response.json(token ? { user, token } : { user }, { headers });
});

const BOOLEAN_FIELDS = new Set(["remove_avatar", "email_on_message"]);

async function readProfileUpdate(req: Request) {
  if (!isMultipart(req)) return { input: await readJson(req, updateProfileSchema), avatar: null };
  const form = await readForm(req);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (key !== "avatar" && typeof value === "string" && value !== "")
      fields[key] = BOOLEAN_FIELDS.has(key) ? value === "true" : value;
  }
  const avatar = form.get("avatar");
  if (avatar !== null && !(avatar instanceof File)) throw new AppError("BAD_REQUEST", "avatar: must be a file");
  return { input: parseInput(updateProfileSchema, fields), avatar: avatar && avatar.size > 0 ? avatar : null };
}

export const { POST, PATCH, DELETE } = notAllowedExcept("GET", "PUT");
