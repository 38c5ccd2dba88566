import type pg from "pg";
import { dashboardJson, dashboardSql, type DashboardRow } from "@/lib/server/enrollments/dashboard";
import type { Caller } from "./ceiling-handlers";
import { query } from "./ceiling-query";

// The ceiling's GET /api/dashboard: the app's one statement (lib/server/enrollments/dashboard.ts) and the
// app's own mapping of its rows to JSON, which is plain code with no framework or ORM in it.

export async function dashboard(pool: pg.Pool, caller: Caller) {
  const { rows } = await query<DashboardRow>(pool, dashboardSql(caller.organizationId, caller.userId));
  return dashboardJson(rows);
}
