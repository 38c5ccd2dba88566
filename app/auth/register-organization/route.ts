import { sessionDevice } from "@/lib/auth/session-start";
import { handle, notAllowedExcept, readJson } from "@/lib/http";
import { registerOrganizationSchema } from "@/lib/schemas/auth";
import { registerOrganization } from "@/lib/server/accounts/register-organization";
import { organizationJson, userJson } from "@/lib/server/serialize";

export const POST = handle("Organization registration failed", async (req) => {
  const input = await readJson(req, registerOrganizationSchema);
  const { organization, admin, token } = await registerOrganization(input, sessionDevice(req.headers));
  return Response.json(
    { token, admin: userJson(admin), organization: organizationJson(organization) },
    { status: 201 },
  );
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
