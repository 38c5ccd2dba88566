"use client";

import type { GridColDef, GridSortModel, GridValidRowModel } from "@mui/x-data-grid";
import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { useListUrlState } from "@/components/data/list-url-state";
import { useNavigation } from "@/components/navigation/use-navigation";
import { ServerDataGrid } from "@/components/data/server-data-grid";
import styles from "@/components/reports/report-grid.module.css";
import { readReportFilters, reportQuery } from "@/components/reports/report-query";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button-link";
import { SearchField } from "@/components/ui/search-field";
import { withReportMetrics, type ReportMetrics } from "@/lib/client/report-metrics";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";

export type ReportRow<T> = Omit<T, "metrics"> & { metrics: ReportMetrics };

export interface ReportGridProps<T extends object> {
  /** The grid's accessible name ("Courses") and what the export and failure messages call the rows. */
  label: string;
  /** The breakdown's API path; its CSV is `${apiPath}/export` with the same filters, search and sort. */
  apiPath: string;
  columns: GridColDef<ReportRow<T> & GridValidRowModel>[];
  getRowId: (row: ReportRow<T>) => string;
  defaultSort: { field: string; order: "asc" | "desc" };
  /** Search-as-you-type over the rows (the API's `q`); no box when omitted. */
  searchLabel?: string;
  /** Drill-down: where a row leads (a click anywhere on it; its name cell is also a link). */
  rowHref?: (row: ReportRow<T>) => string;
  emptyText: string;
  /** The view's own parameters beside the shared filters (sent with the list and the export alike). */
  query?: Record<string, string | undefined>;
  /** What the view shows above the grid from the same answer (figures the page carries beside its rows). */
  renderAbove?: (data: Page<T> | undefined) => ReactNode;
}

/**
 * One breakdown of the reports: a server-mode Data Grid (sorted, paged and searched by the API), its
 * state and the shared filters in the address, fetched through the browser's API layer (so GETs under
 * /api/reports are cached), with a CSV export of exactly these rows' query.
 */
export function ReportGrid<T extends object>({
  label,
  apiPath,
  columns,
  getRowId,
  defaultSort,
  searchLabel,
  rowHref,
  emptyText,
  query,
  renderAbove,
}: ReportGridProps<T>) {
  const router = useNavigation();
  const list = useListUrlState<"sort" | "order">();
  const { q, page, pageSize, get, update } = list;
  const filters = readReportFilters(useSearchParams());
  const sort = get("sort") || defaultSort.field;
  const order = get("order") || (get("sort") ? "asc" : defaultSort.order);
  const listQuery = { ...query, q, sort, order };
  const { data, error, isLoading } = useApi<Page<T>>(
    `${apiPath}${reportQuery(filters, { ...listQuery, page, page_size: pageSize })}`,
    { keepPreviousData: true },
  );
  const rows = (data?.items ?? []).map((row) => withReportMetrics(row) as ReportRow<T>);
  const sortModel: GridSortModel = [{ field: sort, sort: order === "desc" ? "desc" : "asc" }];
  const filtered = Boolean(q) || Object.keys(filters).length > 0 || Object.values(query ?? {}).some(Boolean);
  return (
    // What sits above the grid renders on the server without runtime styles; the grid is MUI's.
    <div className={styles.grid}>
      {renderAbove?.(data)}
      <div className={styles.toolbar}>
        {searchLabel ? (
          <SearchField label={searchLabel} value={q} onSearch={(text) => update({ q: text, page: 1 })} />
        ) : (
          <span />
        )}
        <ButtonLink
          variant="outlined"
          icon="download"
          href={`${apiPath}/export${reportQuery(filters, listQuery)}`}
          download
        >
          Export CSV
        </ButtonLink>
      </div>
      {error && (
        <Alert severity="error">{failureMessage(error, `Failed to load the ${label.toLowerCase()} report`)}</Alert>
      )}
      <ServerDataGrid
        label={label}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        loading={isLoading}
        total={data?.total}
        list={list}
        sortModel={sortModel}
        onSortModelChange={(model) =>
          list.update({ sort: model[0]?.field ?? "", order: model[0]?.sort ?? "", page: 1 })
        }
        onRowClick={rowHref ? ({ row }) => router.push(rowHref(row as ReportRow<T>)) : undefined}
        sx={rowHref ? { "& .MuiDataGrid-row": { cursor: "pointer" } } : undefined}
        emptyLabel={filtered ? "Nothing matches these filters" : emptyText}
      />
    </div>
  );
}
