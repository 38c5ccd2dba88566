"use client";

import ArchiveIcon from "@mui/icons-material/Archive";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import UnarchiveIcon from "@mui/icons-material/Unarchive";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { MessageItem } from "@/components/messages/message-item";
import { peopleList } from "@/components/messages/people";
import { ReplyForm } from "@/components/messages/reply-form";
import type { MessageJson, ParticipantJson, ThreadJson } from "@/components/messages/types";
import { useLiveThread } from "@/components/messages/use-live-thread";
import { LinkButton } from "@/components/navigation/link-components";
import { PageHeader } from "@/components/shell/page-header";
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
            <LinkButton href="/messages" startIcon={<ArrowBackIcon />}>
              All messages
            </LinkButton>
            <Button
              variant="outlined"
              startIcon={thread.isArchived ? <UnarchiveIcon /> : <ArchiveIcon />}
              onClick={toggleArchive}
            >
              {thread.isArchived ? "Move to inbox" : "Archive"}
            </Button>
          </>
        }
      />
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {thread.hasEarlier && (
          <Stack sx={{ alignItems: "center", mb: 2 }}>
            <Button onClick={() => void thread.loadEarlier()}>Show earlier messages</Button>
          </Stack>
        )}
        <Stack role="log" aria-label="Messages" spacing={2.5}>
          {thread.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              isOwn={message.sender?.id === userId}
              seenBy={message.id === lastOwn?.id ? seenBy(message, thread.participants, userId) : undefined}
            />
          ))}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
        <ReplyForm threadId={initial.id} onSent={thread.addMessage} />
      </Paper>
      {others.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Nobody else is in this conversation any more.
        </Alert>
      )}
    </>
  );
}
