import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateCertificateTemplateSchema } from "@/lib/schemas/certificates";
import {
  deleteCertificateTemplate,
  getCertificateTemplate,
  updateCertificateTemplate,
} from "@/lib/server/certificates/templates";

type Params = { templateId: string };

export const GET = handle<Params>("Failed to load the certificate template", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getCertificateTemplate(caller.ctx, (await params).templateId);
});

export const PATCH = handle<Params>("Failed to update the certificate template", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, updateCertificateTemplateSchema);
  return updateCertificateTemplate(caller.ctx, (await params).templateId, input);
});

export const DELETE = handle<Params>("Failed to delete the certificate template", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteCertificateTemplate(caller.ctx, (await params).templateId);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
