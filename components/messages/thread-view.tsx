"use client";

import Link from "@/components/navigation/link";
import { useState } from "react";
import { MessageItem } from "@/components/messages/message-item";
import styles from "@/components/messages/messages.module.css";
import { peopleList } from "@/components/messages/people";
import { ReplyForm } from "@/components/messages/reply-form";
import type { MessageJson, ParticipantJson, ThreadJson } from "@/components/messages/types";
import { useLiveThread } from "@/components/messages/use-live-thread";
import { PageHeader } from "@/components/shell/page-header";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLabel, buttonClasses } from "@/components/ui/button";
import { ApiError, apiPatch } from "@/lib/client/api";

/** "Seen by Ann and Bob" under the caller's latest message, from the others' read marks. */
function seenBy(message: MessageJson, participants: ParticipantJson[], userId: string): string | undefined {
  const readers = participants.filter(
    (p) => p.id !== userId && p.last_read_at !== null && p.last_read_at >= message.created_at,
  );
  return readers.length ? `Seen by ${peopleList(readers, readers.length)}` : undefined;
}

/** An open conversation: its messages, kept current without a reload, the reply box and the archive toggle. */
export function ThreadView({ initial, userId }: { initial: ThreadJson; userId: string }) {
  const thread = useLiveThread(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const others = thread.participants.filter((p) => p.id !== userId);
  const subtitle = initial.group_name
    ? `To the group ${initial.group_name} · ${initial.participant_count} people`
    : `With ${peopleList(others, initial.participant_count - 1)}`;
  const lastOwn = [...thread.messages].reverse().find((m) => m.sender?.id === userId);

  const toggleArchive = async () => {
    setFailure(null);
    try {
      const next = !thread.isArchived;
      await apiPatch(`/api/messages/threads/${initial.id}`, { archived: next });
      thread.setIsArchived(next);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : "Failed to update the conversation");
    }
  };

  return (
    <>
      <PageHeader
        title={initial.subject}
        subtitle={subtitle}
        actions={
          <>
            <Link href="/messages" className={buttonClasses("text", "medium")}>
              <ButtonLabel icon="arrowBack" size="medium">
                All messages
              </ButtonLabel>
            </Link>
            <Button
              variant="outlined"
              icon={thread.isArchived ? "unarchive" : "archive"}
              onClick={() => void toggleArchive()}
            >
              {thread.isArchived ? "Move to inbox" : "Archive"}
            </Button>
          </>
        }
      />
      {failure && (
        <div className={styles.notice}>
          <Alert severity="error">{failure}</Alert>
        </div>
      )}
      <div className={`${styles.paper} ${styles.padded}`}>
        {thread.hasEarlier && (
          <div className={styles.earlier}>
            <Button variant="text" onClick={() => void thread.loadEarlier()}>
              Show earlier messages
            </Button>
          </div>
        )}
        <div role="log" aria-label="Messages" className={styles.log}>
          {thread.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              isOwn={message.sender?.id === userId}
              seenBy={message.id === lastOwn?.id ? seenBy(message, thread.participants, userId) : undefined}
            />
          ))}
        </div>
      </div>
      <div className={`${styles.paper} ${styles.padded} ${styles.spaced}`}>
        <ReplyForm threadId={initial.id} onSent={thread.addMessage} />
      </div>
      {others.length === 0 && (
        <div className={styles.spaced}>
          <Alert severity="info">Nobody else is in this conversation any more.</Alert>
        </div>
      )}
    </>
  );
}
