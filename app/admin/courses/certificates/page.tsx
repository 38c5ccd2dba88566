import { TemplateList } from "@/components/certificates/template-list";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { listCertificateTemplates } from "@/lib/server/certificates/templates";

export const metadata = { title: "Certificates · Learning Management" };

export default async function CertificateTemplatesPage() {
  const caller = await guardSignedInPage("/admin/courses/certificates");
  const templates = await loadOrNotFound(listCertificateTemplates(caller.ctx));
  return (
    <>
      <PageHeader
        title="Certificates"
        subtitle="Certificate templates: a course picks one in its settings, and completing it issues a certificate"
      />
      <TemplateList templates={templates} />
    </>
  );
}
