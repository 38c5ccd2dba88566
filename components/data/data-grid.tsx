"use client";

import { DataGrid as MuiDataGrid, type DataGridProps, type GridValidRowModel } from "@mui/x-data-grid";
import type { RefAttributes } from "react";
import { useIsHydrated } from "@/components/hooks/use-browser";

/**
 * MUI X's Data Grid, rendered once the page is in the browser. The grid draws nothing before it has
 * measured its box there, yet a server render still set up its whole state and API, hundreds of hooks for
 * no markup: on the users list that was about a third of the server's time for the page. The page looks
 * the same: the table appears once the browser has run the page, as it did.
 */
export function DataGrid<R extends GridValidRowModel>(props: DataGridProps<R> & RefAttributes<HTMLDivElement>) {
  return useIsHydrated() ? <MuiDataGrid {...props} /> : null;
}
