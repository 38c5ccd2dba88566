import { ImportExportOverview } from "@/components/import-export/import-export-overview";
import { ImportExportPage } from "@/components/import-export/import-export-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Import / Export · Learning Management" };

export default async function Page() {
  const { ctx } = await guardSignedInPage("/admin/import-export/*");
  return (
    <ImportExportPage
      current="overview"
      canUse={can(ctx.role, "import-export:use")}
      subtitle={ctx.organization?.name ?? undefined}
    >
      <ImportExportOverview />
    </ImportExportPage>
  );
}
