import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { createCertificateTemplateSchema } from "@/lib/schemas/certificates";
import { createCertificateTemplate, listCertificateTemplates } from "@/lib/server/certificates/templates";

export const GET = handle("Failed to list certificate templates", async (req) => {
  const caller = await requireCaller(req);
  return { items: await listCertificateTemplates(caller.ctx) };
});

export const POST = handle("Failed to create the certificate template", async (req) => {
  const caller = await requireCaller(req);
  const template = await createCertificateTemplate(caller.ctx, await readJson(req, createCertificateTemplateSchema));
  return Response.json(template, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
