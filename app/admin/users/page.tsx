import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { UserList } from "@/components/users/user-list";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Users · Learning Management" };

export default async function UsersPage() {
  await guardPage("/admin/users");
  return (
    <>
      <PageHeader title="Users" subtitle="Everyone in your organization" />
      <Suspense>
        <UserList />
      </Suspense>
    </>
  );
}
