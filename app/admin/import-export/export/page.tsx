import { ExportForm } from "@/components/import-export/export-form";
import { ImportExportPage } from "@/components/import-export/import-export-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Export · Import / Export · Learning Management" };

export default async function Page() {
  const { ctx } = await guardSignedInPage("/admin/import-export/*");
  const canUse = can(ctx.role, "import-export:use");
  // The superadmin picks the organization to export (on the apex, also every organization at once).
  const platform = canUse && can(ctx.role, "organizations:manage:all");
  return (
    <ImportExportPage current="export" canUse={canUse} subtitle={ctx.organization?.name ?? undefined}>
      <ExportForm choosesOrganization={platform} hostOrganizationId={ctx.organizationId} />
    </ImportExportPage>
  );
}
