import { Suspense } from "react";
import { ImportExportPage } from "@/components/import-export/import-export-page";
import { ImportPage } from "@/components/import-export/import-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { actsForPlatform, can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Import users · Import / Export · Learning Management" };

export default async function ImportUsersPage() {
  const { ctx } = await guardSignedInPage("/admin/import-export/*");
  const canUse = can(ctx.role, "import-export:use");
  // The superadmin on the platform's own address chooses the organization to import into.
  const choosesOrganization = canUse && actsForPlatform(ctx);
  return (
    <ImportExportPage current="import" canUse={canUse} subtitle={ctx.organization?.name ?? undefined}>
      <Suspense>
        <ImportPage choosesOrganization={choosesOrganization} />
      </Suspense>
    </ImportExportPage>
  );
}
