import { handle, notAllowedExcept, readUploadedFile, requireCaller } from "@/lib/http";
import { removeOrganizationLogo, setOrganizationLogo } from "@/lib/server/organizations/logo";

type Params = { organizationId: string };

/** multipart/form-data with the image in the field "logo". */
export const PUT = handle<Params>("Failed to upload the logo", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { organizationId } = await params;
  return setOrganizationLogo(caller.ctx, organizationId, await readUploadedFile(req, "logo"));
});

export const DELETE = handle<Params>("Failed to remove the logo", async (req, { params }) => {
  const caller = await requireCaller(req);
  return removeOrganizationLogo(caller.ctx, (await params).organizationId);
});

export const { GET, POST, PATCH } = notAllowedExcept("PUT", "DELETE");
