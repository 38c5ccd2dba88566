import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getDashboard } from "@/lib/server/enrollments/dashboard";

export const GET = handle("Failed to load the dashboard", async (req) => {
  const caller = await requireCaller(req);
  return getDashboard(caller.ctx);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
