import { Suspense } from "react";
import { Inbox } from "@/components/messages/inbox";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Messages · Learning Management" };

export default async function Page() {
  const caller = await guardSignedInPage("/messages");
  return (
    <>
      <PageHeader title="Messages" />
      {caller.ctx.organizationId ? (
        <Suspense>
          <Inbox userId={caller.ctx.userId} />
        </Suspense>
      ) : (
        <EmptyState
          title="Messages belong to an organization"
          description="Sign in on your organization's address to read and send messages."
        />
      )}
    </>
  );
}
