import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { storedFileHeaders } from "@/lib/security-headers";
import { certificatePdf } from "@/lib/server/certificates/pdf";

type Params = { certificateId: string };

export const GET = handle<Params>("Failed to make the certificate's PDF", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { pdf, fileName } = await certificatePdf(caller.ctx, (await params).certificateId);
  const headers = new Headers();
  for (const { key, value } of storedFileHeaders({ contentType: "application/pdf", fileName })) headers.set(key, value);
  headers.set("Cache-Control", "private, no-store");
  return new Response(new Uint8Array(pdf), { headers });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
