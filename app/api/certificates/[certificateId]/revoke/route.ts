import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { revokeCertificateSchema } from "@/lib/schemas/certificates";
import { revokeCertificate } from "@/lib/server/certificates/revocation";

type Params = { certificateId: string };

export const POST = handle<Params>("Failed to revoke the certificate", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, revokeCertificateSchema);
  return revokeCertificate(caller.ctx, (await params).certificateId, input);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
