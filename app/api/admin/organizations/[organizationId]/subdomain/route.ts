import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { changeSubdomainSchema } from "@/lib/schemas/organizations";
import { changeSubdomain } from "@/lib/server/organizations/subdomain";

type Params = { organizationId: string };

export const PUT = handle<Params>("Failed to change the subdomain", async (req, { params }) => {
  const caller = await requireCaller(req);
  return changeSubdomain(caller.ctx, (await params).organizationId, await readJson(req, changeSubdomainSchema));
});

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
