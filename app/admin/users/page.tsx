import { notFound } from "next/navigation";
import AddIcon from "@mui/icons-material/Add";
import { Suspense } from "react";
import { LinkButton } from "@/components/navigation/link-components";
import { PageHeader } from "@/components/shell/page-header";
import { UserList } from "@/components/users/user-list";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Users · Learning Management" };

export default async function UsersPage() {
  const caller = await guardSignedInPage("/admin/users");
  // Users belong to an organization: on the apex there are none to administer.
  if (!caller.ctx.organizationId) notFound();
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Everyone in your organization"
        actions={
          <LinkButton variant="contained" startIcon={<AddIcon />} href="/admin/users/add">
            Add user
          </LinkButton>
        }
      />
      <Suspense>
        <UserList />
      </Suspense>
    </>
  );
}
