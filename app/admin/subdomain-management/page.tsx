import { SubdomainTable } from "@/components/organizations/subdomain-table";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { pageOrigin } from "@/lib/auth/page-origin";
import { env } from "@/lib/env";

export const metadata = { title: "Subdomain Management · Learning Management" };

export default async function SubdomainManagementPage() {
  await guardSignedInPage("/admin/subdomain-management");
  return (
    <>
      <PageHeader title="Subdomain Management" subtitle={`Organizations are served on {subdomain}.${env.APP_DOMAIN}`} />
      <SubdomainTable address={{ baseOrigin: await pageOrigin(), appDomain: env.APP_DOMAIN }} />
    </>
  );
}
