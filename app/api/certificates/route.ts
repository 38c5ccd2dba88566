import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { listMyCertificates } from "@/lib/server/certificates/queries";

export const GET = handle("Failed to list your certificates", async (req) => {
  const caller = await requireCaller(req);
  return { items: await listMyCertificates(caller.ctx) };
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
