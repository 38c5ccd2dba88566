import { sessionDevice } from "@/lib/auth/session-start";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { clientIp, handle, notAllowedExcept, readJson, visitorRequestContext } from "@/lib/http";
import { homePathFor } from "@/lib/routes";
import { loginSchema } from "@/lib/schemas/auth";
import { organizationJson, userJson } from "@/lib/server/serialize";

export const POST = handle("Login failed", async (req) => {
  const ctx = await visitorRequestContext(req);
  const input = await readJson(req, loginSchema);
  const { user, organization, token } = await signInWithPassword(
    ctx,
    input,
    clientIp(req.headers),
    sessionDevice(req.headers),
  );
  return {
    token,
    user: userJson(user),
    organization: organizationJson(organization),
    redirectPath: homePathFor(user.role),
  };
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
