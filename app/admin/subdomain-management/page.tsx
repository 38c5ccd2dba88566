import { SimpleTable } from "@/components/data/simple-table";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { env } from "@/lib/env";
import { listOrganizations } from "@/lib/server/organizations/queries";

export const metadata = { title: "Subdomain Management · Learning Management" };

export default async function SubdomainManagementPage() {
  const caller = await guardSignedInPage("/admin/subdomain-management");
  const organizations = await listOrganizations(caller.ctx);
  return (
    <>
      <PageHeader title="Subdomain Management" subtitle={`Tenants are served on {subdomain}.${env.APP_DOMAIN}`} />
      <SimpleTable
        label="Subdomains"
        columns={[{ key: "host", label: "Host" }, { key: "name", label: "Organization" }, { key: "status", label: "Status" }]}
        rows={organizations.map((o) => ({ id: o.id, cells: { host: `${o.subdomain}.${env.APP_DOMAIN}`, name: o.name, status: o.status } }))}
      />
    </>
  );
}
