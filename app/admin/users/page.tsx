import { notFound } from "next/navigation";
import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ButtonLink } from "@/components/ui/button-link";
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
          <ButtonLink href="/admin/users/add" icon="add">
            Add user
          </ButtonLink>
        }
      />
      <Suspense>
        <UserList />
      </Suspense>
    </>
  );
}
