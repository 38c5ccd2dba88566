import { sessionDevice } from "@/lib/auth/session-start";
import { handle, notAllowedExcept, readJson, visitorRequestContext } from "@/lib/http";
import { registerSchema } from "@/lib/schemas/auth";
import { registerUser } from "@/lib/server/accounts/register-user";
import { organizationJson, userJson } from "@/lib/server/serialize";

export const POST = handle("Registration failed", async (req) => {
  const ctx = await visitorRequestContext(req);
  const input = await readJson(req, registerSchema);
  const { user, organization, token } = await registerUser(ctx, input, sessionDevice(req.headers));
  return Response.json({ token, user: userJson(user), organization: organizationJson(organization) }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
