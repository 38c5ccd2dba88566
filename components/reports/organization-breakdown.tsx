"use client";

import Link from "@/components/navigation/link";
import { useSearchParams } from "next/navigation";
import { formatCount } from "@/components/reports/format";
import { ReportGrid } from "@/components/reports/report-grid";
import { readReportFilters, reportHref } from "@/components/reports/report-query";
import type { OrganizationReportRow } from "@/lib/server/reports/organizations";

// The superadmin's per organization table on the platform overview. A row drills down to that
// organization's own reports.

type OrganizationRow = OrganizationReportRow;

export function OrganizationBreakdown() {
  const filters = readReportFilters(useSearchParams());
  const pick = (organizationId: string) =>
    reportHref("/admin/reports", { ...filters, organization_id: organizationId });
  return (
    <ReportGrid<OrganizationRow>
      label="Organizations"
      apiPath="/api/reports/organizations"
      getRowId={(r) => r.organization_id}
      defaultSort={{ field: "name", order: "asc" }}
      searchLabel="Search organizations"
      rowHref={(r) => pick(r.organization_id)}
      emptyText="No organizations yet"
      columns={[
        {
          field: "name",
          headerName: "Organization",
          flex: 1,
          minWidth: 200,
          renderCell: ({ row }) => <Link href={pick(row.organization_id)}>{row.name}</Link>,
        },
        {
          field: "users",
          headerName: "Users",
          width: 100,
          type: "number",
          valueFormatter: (v: number) => formatCount(v),
        },
        {
          field: "courses",
          headerName: "Courses",
          width: 100,
          type: "number",
          valueFormatter: (v: number) => formatCount(v),
        },
        {
          field: "enrolled",
          headerName: "Enrolled",
          width: 110,
          type: "number",
          valueGetter: (_v, row) => row.metrics.totalEnrollments,
          valueFormatter: (v: number) => formatCount(v),
        },
        {
          field: "completed",
          headerName: "Completed",
          width: 120,
          type: "number",
          valueGetter: (_v, row) => row.metrics.completedEnrollments,
          valueFormatter: (v: number) => formatCount(v),
        },
        {
          field: "completion_rate",
          headerName: "Completion rate",
          width: 150,
          type: "number",
          valueGetter: (_v, row) => row.metrics.completionRate,
          valueFormatter: (v: number) => `${v}%`,
        },
        {
          field: "active_learners",
          headerName: "Active (30 days)",
          width: 150,
          type: "number",
          valueFormatter: (v: number) => formatCount(v),
        },
      ]}
    />
  );
}
