import { AppError } from "@/lib/errors";
import {
  courseReportQuerySchema,
  groupReportQuerySchema,
  learnerReportQuerySchema,
  reportDetailQuerySchema,
  reportOverviewQuerySchema,
} from "@/lib/schemas/reports";
import { listCourseReport } from "@/lib/server/reports/courses";
import { listGroupReport } from "@/lib/server/reports/groups";
import { listLearnerReport } from "@/lib/server/reports/learners";
import { courseLessonsReport } from "@/lib/server/reports/lessons";
import { reportOverview } from "@/lib/server/reports/overview";
import { refreshReports } from "@/lib/server/reports/refresh";
import type { TenantContext } from "@/lib/tenancy/context";
import type { Caller } from "./ceiling-handlers";

// The reports in the ceiling: the app's own report services (lib/server/reports, which send their
// statements through lib/db.ts queryRows on a pool of the app's size) without the framework around
// them, so the two servers send the same SQL and build the same JSON.

export type ReportRoute = { method: string; pathname: string; search: URLSearchParams };

/** The report a request asks for, or undefined when the path is no report. Service errors carry their status. */
export async function reportAnswer(caller: () => Promise<Caller>, route: ReportRoute): Promise<unknown> {
  const { method, pathname, search } = route;
  if (!pathname.startsWith("/api/reports/")) return undefined;
  const query = Object.fromEntries(search);
  const ctx = async (): Promise<TenantContext> => {
    const c = await caller();
    return { organization: null, organizationId: c.organizationId, subdomain: null, userId: c.userId, role: c.role };
  };
  const lessons = /^\/api\/reports\/courses\/([^/]+)\/lessons$/.exec(pathname);
  if (method === "POST" && pathname === "/api/reports/refresh") return refreshReports(await ctx(), { full: false });
  if (method !== "GET") return undefined;
  if (pathname === "/api/reports/overview") return reportOverview(await ctx(), reportOverviewQuerySchema.parse(query));
  if (pathname === "/api/reports/courses") return listCourseReport(await ctx(), courseReportQuerySchema.parse(query));
  if (pathname === "/api/reports/learners")
    return listLearnerReport(await ctx(), learnerReportQuerySchema.parse(query));
  if (pathname === "/api/reports/groups") return listGroupReport(await ctx(), groupReportQuerySchema.parse(query));
  if (lessons) return courseLessonsReport(await ctx(), lessons[1]!, reportDetailQuerySchema.parse(query));
  return undefined;
}

export { AppError };
