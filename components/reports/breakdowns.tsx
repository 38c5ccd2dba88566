"use client";

import Link from "@/components/navigation/link";
import { useSearchParams } from "next/navigation";
import { averageTimeColumn, dateTimeColumn, figureColumns } from "@/components/reports/breakdown-columns";
import { ReportGrid } from "@/components/reports/report-grid";
import { readReportFilters, reportHref } from "@/components/reports/report-query";
import { formatCount } from "@/components/reports/format";
import type { CourseReportRow } from "@/lib/server/reports/courses";
import type { GroupReportRow } from "@/lib/server/reports/groups";
import type { LearnerReportRow } from "@/lib/server/reports/learners";

// The three organization-wide breakdowns (per course, per group, per learner). Each row drills down: a
// course to its lessons, a learner to their page, a group to its learners.

type CourseRow = CourseReportRow;
type GroupRow = GroupReportRow;
type LearnerRow = LearnerReportRow;

export const courseReportHref = (courseId: string, filters: ReturnType<typeof readReportFilters>) =>
  reportHref(`/admin/reports/courses/${courseId}`, filters, ["course_id"]);
export const learnerReportHref = (userId: string, filters: ReturnType<typeof readReportFilters>) =>
  reportHref(`/admin/reports/learners/${userId}`, filters);

export function CourseBreakdown() {
  const filters = readReportFilters(useSearchParams());
  return (
    <ReportGrid<CourseRow>
      label="Courses"
      apiPath="/api/reports/courses"
      getRowId={(r) => r.course_id}
      defaultSort={{ field: "title", order: "asc" }}
      searchLabel="Search courses"
      rowHref={(r) => courseReportHref(r.course_id, filters)}
      emptyText="No courses to report on yet"
      columns={[
        {
          field: "title",
          headerName: "Course",
          flex: 1,
          minWidth: 200,
          renderCell: ({ row }) => <Link href={courseReportHref(row.course_id, filters)}>{row.title}</Link>,
        },
        {
          field: "category",
          headerName: "Category",
          width: 150,
          sortable: false,
          valueGetter: (_v, row) => row.category?.name ?? "",
        },
        ...figureColumns<CourseRow>(),
        averageTimeColumn<CourseRow>(),
      ]}
    />
  );
}

export function GroupBreakdown() {
  const filters = readReportFilters(useSearchParams());
  const learnersOf = (groupId: string) => reportHref("/admin/reports/learners", { ...filters, group_id: groupId });
  return (
    <ReportGrid<GroupRow>
      label="Groups"
      apiPath="/api/reports/groups"
      getRowId={(r) => r.group_id}
      defaultSort={{ field: "name", order: "asc" }}
      searchLabel="Search groups"
      rowHref={(r) => learnersOf(r.group_id)}
      emptyText="No groups to report on yet"
      columns={[
        {
          field: "name",
          headerName: "Group",
          flex: 1,
          minWidth: 180,
          renderCell: ({ row }) => <Link href={learnersOf(row.group_id)}>{row.name}</Link>,
        },
        {
          field: "members",
          headerName: "Members",
          width: 110,
          type: "number",
          valueFormatter: (v: number) => formatCount(v),
        },
        ...figureColumns<GroupRow>(),
      ]}
    />
  );
}

export function LearnerBreakdown() {
  const filters = readReportFilters(useSearchParams());
  return (
    <ReportGrid<LearnerRow>
      label="Learners"
      apiPath="/api/reports/learners"
      getRowId={(r) => r.user_id}
      defaultSort={{ field: "name", order: "asc" }}
      searchLabel="Search learners"
      rowHref={(r) => learnerReportHref(r.user_id, filters)}
      emptyText="No learners to report on yet"
      columns={[
        {
          field: "name",
          headerName: "Learner",
          flex: 1,
          minWidth: 180,
          valueGetter: (_v, row) => `${row.first_name} ${row.last_name}`.trim(),
          renderCell: ({ row, value }) => <Link href={learnerReportHref(row.user_id, filters)}>{value as string}</Link>,
        },
        { field: "email", headerName: "E-mail", flex: 1, minWidth: 200 },
        ...figureColumns<LearnerRow>(),
        dateTimeColumn<LearnerRow>("last_activity", "Last activity", "last_activity_at"),
      ]}
    />
  );
}
