import { SimpleTable } from "@/components/data/simple-table";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { listOrganizations } from "@/lib/server/organizations/queries";

export const metadata = { title: "Organizations · Learning Management" };

export default async function OrganizationsPage() {
  const caller = await guardSignedInPage("/admin/organizations");
  const organizations = await listOrganizations(caller.ctx);
  return (
    <>
      <PageHeader title="Organizations" subtitle={`${organizations.length} organization${organizations.length === 1 ? "" : "s"}`} />
      <SimpleTable
        label="Organizations"
        columns={[{ key: "name", label: "Name" }, { key: "subdomain", label: "Subdomain" }, { key: "status", label: "Status" }, { key: "users", label: "Users" }, { key: "courses", label: "Courses" }]}
        rows={organizations.map((o) => ({ id: o.id, cells: { name: o.name, subdomain: o.subdomain, status: o.status, users: o._count.users, courses: o._count.courses } }))}
      />
    </>
  );
}
