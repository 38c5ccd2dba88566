import { CertificateReport } from "@/components/reports/certificate-report";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Certificates · Reports · Learning Management" };

export default async function CertificateReportPage() {
  const caller = await guardSignedInPage("/admin/reports/certificates");
  return (
    <ReportFrame title="Certificates" subtitle="Issued on completion; the dates filter the day of completion">
      <CertificateReport
        canRevoke={Boolean(caller.ctx.organizationId) && can(caller.ctx.role, "certificates:revoke")}
      />
    </ReportFrame>
  );
}
