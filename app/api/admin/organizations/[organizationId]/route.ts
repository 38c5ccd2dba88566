import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateOrganizationSchema } from "@/lib/schemas/organizations";
import { updateOrganization } from "@/lib/server/organizations/mutations";
import { getOrganization } from "@/lib/server/organizations/queries";

type Params = { organizationId: string };

export const GET = handle<Params>("Failed to load the organization", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getOrganization(caller.ctx, (await params).organizationId);
});

export const PATCH = handle<Params>("Failed to update the organization", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateOrganization(caller.ctx, (await params).organizationId, await readJson(req, updateOrganizationSchema));
});

export const { POST, PUT, DELETE } = notAllowedExcept("GET", "PATCH");
