import { TemplateEditor } from "@/components/certificates/template-editor";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { readOrganizationBranding } from "@/lib/schemas/organization-settings";
import { getCertificateTemplate } from "@/lib/server/certificates/templates";

export const metadata = { title: "Certificate template · Learning Management" };

export default async function CertificateTemplatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const caller = await guardSignedInPage("/admin/courses/certificates/[templateId]");
  const template = await loadOrNotFound(getCertificateTemplate(caller.ctx, (await params).templateId));
  const logoUrl = readOrganizationBranding(caller.ctx.organization?.branding).logoUrl ?? null;
  return (
    <>
      <PageHeader title={template.name} subtitle="Edit the template; the preview shows sample values" />
      <TemplateEditor template={template} logoUrl={logoUrl} />
    </>
  );
}
