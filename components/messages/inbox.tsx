"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useListUrlState } from "@/components/data/list-url-state";
import styles from "@/components/messages/messages.module.css";
import { ThreadList } from "@/components/messages/thread-list";
import type { InboxJson } from "@/components/messages/types";
import { EmptyState } from "@/components/shell/empty-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LinearProgress } from "@/components/ui/linear-progress";
import { Pagination } from "@/components/ui/pagination";
import { SearchField } from "@/components/ui/search-field";
import { ToggleButtons } from "@/components/ui/toggle-buttons";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import { setUnreadCount } from "@/lib/client/unread-count";

/** New conversations and replies appear in an open inbox this soon, without a reload. */
export const INBOX_REFRESH_MS = 10_000;

/** The compose dialog draws with MUI: it and MUI are loaded when someone writes, not with the inbox. */
const ComposeDialog = dynamic(
  () => import("@/components/messages/themed-compose-dialog").then((m) => m.ThemedComposeDialog),
  { ssr: false },
);

const VIEWS = [
  { value: "inbox", label: "Inbox" },
  { value: "archived", label: "Archived" },
] as const;

/** The caller's conversations or their archive, searched and paged on the server, the state in the URL. */
export function Inbox({ userId }: { userId: string }) {
  const { q, page, pageSize, get, update } = useListUrlState<"view">(20);
  const archived = get("view") === "archived";
  const query = new URLSearchParams({
    page: String(page),
    page_size: String(pageSize),
    ...(q ? { q } : {}),
    ...(archived ? { archived: "true" } : {}),
  });
  const { data, error, isLoading } = useApi<InboxJson>(`/api/messages/threads?${query}`, {
    keepPreviousData: true,
    refreshInterval: INBOX_REFRESH_MS,
  });
  const [isComposing, setIsComposing] = useState(false);
  // The inbox brings the unread count along: the badge follows it without a request of its own.
  useEffect(() => {
    if (data) setUnreadCount(data.unread_count);
  }, [data]);

  const pages = data ? Math.ceil(data.total / pageSize) : 0;
  const label = archived ? "Archived conversations" : "Conversations";
  return (
    <div className={styles.inbox}>
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <ToggleButtons
            label="Show"
            options={[...VIEWS]}
            value={archived ? "archived" : "inbox"}
            onChange={(view) => update({ view: view === "archived" ? "archived" : "", page: 1 })}
          />
          <SearchField label="Search messages" value={q} onSearch={(text) => update({ q: text, page: 1 })} />
        </div>
        <Button icon="edit" onClick={() => setIsComposing(true)}>
          New message
        </Button>
      </div>
      {error && <Alert severity="error">{failureMessage(error, "Failed to load your messages")}</Alert>}
      {isLoading && !data && <LinearProgress label="Loading conversations" />}
      {data && data.items.length === 0 && (
        <EmptyState
          title={q ? `No conversation matches '${q}'` : archived ? "Nothing archived" : "No conversations yet"}
          description={
            q
              ? "Try other words."
              : archived
                ? "Conversations you archive wait here; a new message brings one back."
                : "Write to your instructors and classmates with New message."
          }
        />
      )}
      {data && data.items.length > 0 && <ThreadList items={data.items} userId={userId} label={label} />}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(next) => update({ page: next })} />}
      {isComposing && <ComposeDialog onClose={() => setIsComposing(false)} />}
    </div>
  );
}
