import { ExportForm } from "@/components/import-export/export-form";
import { ImportExportPage } from "@/components/import-export/import-export-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { isPlatformAdmin } from "@/lib/server/organizations/access";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Export · Import / Export · Learning Management" };

export default async function Page() {
  const { ctx } = await guardSignedInPage("/admin/import-export/*");
  const canUse = can(ctx.role, "import-export:use");
  const platform = canUse && isPlatformAdmin(ctx);
  return (
    <ImportExportPage current="export" canUse={canUse} subtitle={ctx.organization?.name ?? undefined}>
      <ExportForm choosesOrganization={platform} hostOrganizationId={ctx.organizationId} />
    </ImportExportPage>
  );
}
