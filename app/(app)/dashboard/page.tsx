import { MyCertificates } from "@/components/certificates/my-certificates";
import { LearnerDashboard } from "@/components/learning/learner-dashboard";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { paginationQuerySchema } from "@/lib/schemas/pagination";
import { getDashboardPage } from "@/lib/server/enrollments/dashboard-page";

export const metadata = { title: "Dashboard · Learning Management" };

export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const caller = await guardSignedInPage("/dashboard");
  if (!caller.ctx.organization) {
    return (
      <>
        <PageHeader title="Platform dashboard" subtitle="All organizations" />
        <EmptyState
          title="Courses belong to organizations"
          description="Manage the platform's organizations and their subdomains."
          action={{ label: "Organizations", href: "/admin/organizations" }}
        />
      </>
    );
  }
  // "My courses" in pages: an address with no page, or a page that is not a number, shows the first.
  const parsed = paginationQuerySchema.safeParse({ page: (await searchParams).page });
  const { certificates, ...dashboard } = await getDashboardPage(caller.ctx, parsed.success ? parsed.data.page : 1);
  return (
    <>
      <PageHeader title={`Welcome, ${caller.user.firstName}`} subtitle={caller.ctx.organization.name} />
      <LearnerDashboard
        dashboard={dashboard}
        certificates={certificates.length > 0 ? <MyCertificates certificates={certificates} /> : undefined}
      />
    </>
  );
}
