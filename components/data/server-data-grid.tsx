"use client";

import type { DataGridProps, GridValidRowModel } from "@mui/x-data-grid";
import { DataGrid } from "@/components/data/data-grid";

/** The paging half of useListUrlState: pages count from 1 there (as in the API and the URL). */
interface ListPaging {
  page: number;
  pageSize: number;
  update: (next: { page?: number; pageSize?: number }) => void;
}

type ServerDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  | "rowCount"
  | "paginationMode"
  | "paginationModel"
  | "onPaginationModelChange"
  | "sortingMode"
  | "localeText"
  | "aria-label"
> & {
  /** The table's accessible name. */
  label: string;
  /** Rows matching the filters, across every page (the API's `total`). */
  total: number | undefined;
  list: ListPaging;
  /** What an empty table says: "No users yet", or that nothing matches the filters. */
  emptyLabel: string;
};

/**
 * Every admin list's table: a Data Grid paged (and, when it is given a sort model, sorted) by the server,
 * its page in the address, the column filter menu off (each list has its own filters above it).
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  label,
  total,
  list,
  emptyLabel,
  ...grid
}: ServerDataGridProps<R>) {
  return (
    <DataGrid
      aria-label={label}
      rowCount={total ?? 0}
      paginationMode="server"
      paginationModel={{ page: list.page - 1, pageSize: list.pageSize }}
      onPaginationModelChange={(model) => list.update({ page: model.page + 1, pageSize: model.pageSize })}
      pageSizeOptions={[10, 20, 50, 100]}
      sortingMode={grid.sortModel ? "server" : "client"}
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      localeText={{ noRowsLabel: emptyLabel }}
      {...grid}
    />
  );
}
