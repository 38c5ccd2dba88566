import { Suspense } from "react";
import { GroupDetail } from "@/components/groups/group-detail";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getGroup } from "@/lib/server/groups/queries";

export const metadata = { title: "Group · Learning Management" };

export default async function Page({ params }: { params: Promise<{ groupId: string }> }) {
  const caller = await guardSignedInPage("/admin/groups/[groupId]");
  const group = await loadOrNotFound(getGroup(caller.ctx, (await params).groupId));
  return (
    <>
      <PageHeader title={group.name} subtitle="Group" />
      <Suspense>
        <GroupDetail initial={group} />
      </Suspense>
    </>
  );
}
