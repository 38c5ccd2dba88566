"use client";

import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import type { GridColDef } from "@mui/x-data-grid";
import Link from "@/components/navigation/link";
import { useRouter, useSearchParams } from "next/navigation";
import { formatOccurrence } from "@/components/calendar/occurrence-time";
import type { EventJson } from "@/components/calendar/types";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import { useListUrlState } from "@/components/data/list-url-state";
import { SearchField } from "@/components/ui/search-field";
import { LinkButton } from "@/components/navigation/link-components";
import { EmptyState } from "@/components/shell/empty-state";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";

const WHEN_LABELS = { upcoming: "Upcoming", past: "Past", all: "All" } as const;
type When = keyof typeof WHEN_LABELS;

function audienceText(event: EventJson): string {
  if (event.audience.type === "organization") return "Everyone";
  return `${event.audience.type === "course" ? "Course" : "Group"}: ${event.audience.name}`;
}

function whenText(event: EventJson, timeZone: string): string {
  const first = formatOccurrence(event, timeZone);
  if (!event.recurrence) return first;
  const { frequency, interval } = event.recurrence;
  const every = interval === 1 ? frequency : `every ${interval} ${frequency === "weekly" ? "weeks" : "months"}`;
  return `${first}, then ${every}`;
}

/** The events the caller manages, searched and paged on the server, the state in the address. */
export function EventList({ timeZone }: { timeZone: string }) {
  const router = useRouter();
  const params = useSearchParams();
  const { q, page, pageSize, get, update } = useListUrlState<"when">();
  const when: When = get("when") === "past" || get("when") === "all" ? (get("when") as When) : "upcoming";
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize), when, ...(q ? { q } : {}) });
  const { data, error, isLoading } = useApi<Page<EventJson>>(`/api/events?${query}`, { keepPreviousData: true });
  const columns: GridColDef<EventJson>[] = [
    {
      field: "title",
      headerName: "Title",
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <Link href={`/admin/events/${row.id}`}>{row.title}</Link>,
    },
    {
      field: "starts_at",
      headerName: "When",
      flex: 1.5,
      minWidth: 240,
      sortable: false,
      valueGetter: (_, row) => whenText(row, timeZone),
    },
    {
      field: "audience",
      headerName: "For",
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_, row) => audienceText(row),
    },
    { field: "location", headerName: "Location", flex: 1, minWidth: 140, sortable: false },
  ];
  const saved = params.get("created")
    ? "Event created."
    : params.get("saved")
      ? "Event saved."
      : params.get("deleted")
        ? "Event deleted."
        : null;

  if (!isLoading && !error && data?.total === 0 && !q && when === "upcoming") {
    return (
      <EmptyState
        title="No upcoming events"
        description="Schedule sessions and deadlines for your courses, groups or the whole organization."
        action={{ label: "Create event", href: "/admin/events/create" }}
      />
    );
  }
  return (
    <Stack spacing={2}>
      {saved && <Alert severity="success">{saved}</Alert>}
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
          <SearchField label="Search events" value={q} onSearch={(text) => update({ q: text, page: 1 })} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={when}
            onChange={(_, next: When | null) => next && update({ when: next === "upcoming" ? "" : next, page: 1 })}
            aria-label="Which events"
          >
            {(Object.keys(WHEN_LABELS) as When[]).map((w) => (
              <ToggleButton key={w} value={w}>
                {WHEN_LABELS[w]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <LinkButton variant="contained" startIcon={<AddIcon />} href="/admin/events/create">
          Create event
        </LinkButton>
      </Stack>
      {error && <Alert severity="error">{failureMessage(error, "Failed to load events")}</Alert>}
      <ServerDataGrid
        label="Events"
        total={data?.total}
        list={{ page, pageSize, update }}
        emptyLabel={q ? `No event matches '${q}'` : `No ${WHEN_LABELS[when].toLowerCase()} events`}
        rows={data?.items ?? []}
        columns={columns}
        loading={isLoading}
        onRowDoubleClick={({ row }) => router.push(`/admin/events/${row.id}`)}
      />
    </Stack>
  );
}
