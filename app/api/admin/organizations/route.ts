import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { createOrganizationSchema, listOrganizationsQuerySchema } from "@/lib/schemas/organizations";
import { queryObject } from "@/lib/schemas/pagination";
import { createOrganization } from "@/lib/server/organizations/mutations";
import { listOrganizations } from "@/lib/server/organizations/queries";

export const GET = handle("Failed to list organizations", async (req) => {
  const caller = await requireCaller(req);
  return listOrganizations(caller.ctx, parseInput(listOrganizationsQuerySchema, queryObject(req.url)));
});

/** The superadmin: a new organization and its first org_admin, invited on the new organization's address. */
export const POST = handle("Failed to create the organization", async (req) => {
  const caller = await requireCaller(req);
  const created = await createOrganization(caller.ctx, await readJson(req, createOrganizationSchema), {
    origin: new URL(req.url).origin,
  });
  return Response.json(created, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
