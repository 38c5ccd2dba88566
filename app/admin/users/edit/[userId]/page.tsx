import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { UserEditor } from "@/components/users/user-editor";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { roleLabel } from "@/lib/routes";
import { getAdminUser } from "@/lib/server/users/detail";

export const metadata = { title: "Edit user · Learning Management" };

export default async function Page({ params }: { params: Promise<{ userId: string }> }) {
  const caller = await guardSignedInPage("/admin/users/edit/[userId]");
  const user = await loadOrNotFound(getAdminUser(caller.ctx, (await params).userId));
  return (
    <>
      <PageHeader title={`${user.first_name} ${user.last_name}`} subtitle={`${roleLabel(user.role)} · ${user.email}`} />
      <Suspense>
        <UserEditor initial={user} callerRole={caller.ctx.role} />
      </Suspense>
    </>
  );
}
