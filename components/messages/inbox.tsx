"use client";

import EditIcon from "@mui/icons-material/Edit";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Pagination from "@mui/material/Pagination";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useEffect, useState } from "react";
import { useListUrlState } from "@/components/data/list-url-state";
import { SearchField } from "@/components/data/search-field";
import { ComposeDialog } from "@/components/messages/compose-dialog";
import { ThreadList } from "@/components/messages/thread-list";
import type { InboxJson } from "@/components/messages/types";
import { EmptyState } from "@/components/shell/empty-state";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import { setUnreadCount } from "@/lib/client/unread-count";

/** New conversations and replies appear in an open inbox this soon, without a reload. */
export const INBOX_REFRESH_MS = 10_000;

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
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
        <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 2 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={archived ? "archived" : "inbox"}
            aria-label="Show"
            onChange={(_, view: string | null) =>
              view && update({ view: view === "archived" ? "archived" : "", page: 1 })
            }
          >
            <ToggleButton value="inbox">Inbox</ToggleButton>
            <ToggleButton value="archived">Archived</ToggleButton>
          </ToggleButtonGroup>
          <SearchField label="Search messages" value={q} onSearch={(text) => update({ q: text, page: 1 })} />
        </Stack>
        <Button variant="contained" startIcon={<EditIcon />} onClick={() => setIsComposing(true)}>
          New message
        </Button>
      </Stack>
      {error && <Alert severity="error">{failureMessage(error, "Failed to load your messages")}</Alert>}
      {isLoading && !data && <LinearProgress aria-label="Loading conversations" />}
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
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => update({ page: next })}
          sx={{ alignSelf: "center" }}
        />
      )}
      {isComposing && <ComposeDialog onClose={() => setIsComposing(false)} />}
    </Stack>
  );
}
