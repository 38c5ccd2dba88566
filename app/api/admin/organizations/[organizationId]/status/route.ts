import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { organizationStatusSchema } from "@/lib/schemas/organizations";
import { setOrganizationStatus } from "@/lib/server/organizations/mutations";

type Params = { organizationId: string };

export const PUT = handle<Params>("Failed to change the organization's status", async (req, { params }) => {
  const caller = await requireCaller(req);
  return setOrganizationStatus(
    caller.ctx,
    (await params).organizationId,
    await readJson(req, organizationStatusSchema),
  );
});

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
