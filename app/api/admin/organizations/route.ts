import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { listOrganizationsQuerySchema } from "@/lib/schemas/organizations";
import { queryObject } from "@/lib/schemas/pagination";
import { listOrganizations } from "@/lib/server/organizations/queries";

export const GET = handle("Failed to list organizations", async (req) => {
  const caller = await requireCaller(req);
  return listOrganizations(caller.ctx, parseInput(listOrganizationsQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
