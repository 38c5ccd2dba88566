import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { revokeCertificateSchema } from "@/lib/schemas/certificates";
import { reissueCertificate } from "@/lib/server/certificates/revocation";

type Params = { certificateId: string };

export const POST = handle<Params>("Failed to re-issue the certificate", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, revokeCertificateSchema);
  const created = await reissueCertificate(caller.ctx, (await params).certificateId, input);
  return Response.json(created, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
