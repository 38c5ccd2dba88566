import { Suspense } from "react";
import { ImportPage } from "@/components/import-export/import-page";
import { PageHeader } from "@/components/shell/page-header";
import { ReadOnlyNotice } from "@/components/shell/read-only-notice";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { listOrganizations } from "@/lib/server/organizations/queries";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Import users · Learning Management" };

export default async function ImportUsersPage() {
  const caller = await guardSignedInPage("/admin/import-export/*");
  const { ctx } = caller;
  if (!can(ctx.role, "import-export:use")) {
    return (
      <>
        <PageHeader title="Import users" />
        <ReadOnlyNotice what="the organization's people" managedBy="administrators">
          Administrators import users from CSV files here; ask one of them to add people in bulk.
        </ReadOnlyNotice>
      </>
    );
  }
  // The superadmin on the platform's own address chooses the organization to import into.
  const organizations = ctx.role === "superadmin" && !ctx.organizationId ? (await listOrganizations(ctx, { page: 1, page_size: 100 })).items.map((o) => ({ id: o.id, name: o.name })) : null;
  return (
    <>
      <PageHeader title="Import users" subtitle="From a CSV file: map the columns, read the dry run, then run it" />
      <Suspense>
        <ImportPage organizations={organizations} />
      </Suspense>
    </>
  );
}
