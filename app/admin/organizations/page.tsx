import { OrganizationEditor } from "@/components/organizations/organization-editor";
import { OrganizationsTable } from "@/components/organizations/organizations-table";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { pageOrigin } from "@/lib/auth/page-origin";
import { env } from "@/lib/env";
import { getOrganization } from "@/lib/server/organizations/queries";
import { tenantId } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Organizations · Learning Management" };

/** The superadmin manages every organization; an admin edits their own (name, logo, colour, self-registration). */
export default async function OrganizationsPage() {
  const { ctx } = await guardSignedInPage("/admin/organizations");
  if (can(ctx.role, "organizations:manage:all")) {
    return (
      <>
        <PageHeader title="Organizations" subtitle="Every organization on the platform" />
        <OrganizationsTable address={{ baseOrigin: await pageOrigin(), appDomain: env.APP_DOMAIN }} />
      </>
    );
  }
  const organization = await loadOrNotFound(getOrganization(ctx, tenantId(ctx)));
  return (
    <>
      <PageHeader
        title="Organizations"
        subtitle={`${organization.name}: ${organization.user_count} users, ${organization.course_count} courses, ${organization.enrollment_count} enrollments`}
      />
      <OrganizationEditor initial={organization} />
    </>
  );
}
