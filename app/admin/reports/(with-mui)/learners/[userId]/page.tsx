import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Typography from "@mui/material/Typography";
import { LinkButton } from "@/components/navigation/link-components";
import { CertificateReport } from "@/components/reports/certificate-report";
import { LearnerView } from "@/components/reports/learner-view";
import { ReportFilterError } from "@/components/reports/report-filter-error";
import { ReportFrame } from "@/components/reports/report-frame";
import { readReportFilters, reportHref } from "@/components/reports/report-query";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { learnerDetailReport } from "@/lib/server/reports/learner-detail";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Learner · Reports · Learning Management" };

type Props = {
  params: Promise<{ userId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** One learner's page (the drill-down of a learner row): every course in the caller's scope. */
export default async function LearnerReportPage({ params, searchParams }: Props) {
  const caller = await guardSignedInPage("/admin/reports/learners/[userId]");
  const [{ userId }, search] = await Promise.all([params, searchParams]);
  const filters = readReportFilters(search);
  const parsed = reportDetailQuerySchema.safeParse(filters);
  const query = parsed.success ? parsed.data : {};
  const report = await loadOrNotFound(learnerDetailReport(caller.ctx, userId, query));
  const name = `${report.user.first_name} ${report.user.last_name}`.trim() || report.user.username;
  const back = (
    <LinkButton href={reportHref("/admin/reports/learners", filters)} startIcon={<ArrowBackIcon />}>
      All learners
    </LinkButton>
  );
  return (
    <ReportFrame title={name} subtitle={report.user.email} actions={back}>
      {!parsed.success && (
        <ReportFilterError message={parsed.error.issues[0]?.message ?? "These filters are not valid"} />
      )}
      <LearnerView report={report} />
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 2 }}>
        Certificates
      </Typography>
      <CertificateReport
        userId={report.user.id}
        canRevoke={Boolean(caller.ctx.organizationId) && can(caller.ctx.role, "certificates:revoke")}
      />
    </ReportFrame>
  );
}
