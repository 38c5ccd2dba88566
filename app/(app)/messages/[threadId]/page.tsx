import { ThreadView } from "@/components/messages/thread-view";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getThread } from "@/lib/server/messages/thread";

export const metadata = { title: "Conversation · Learning Management" };

/** Opening the page reads the conversation (its messages are marked read for the caller). */
export default async function Page({ params }: { params: Promise<{ threadId: string }> }) {
  const caller = await guardSignedInPage("/messages/[threadId]");
  const thread = await loadOrNotFound(getThread(caller.ctx, (await params).threadId));
  return <ThreadView key={thread.id} initial={thread} userId={caller.ctx.userId} />;
}
