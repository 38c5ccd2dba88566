import { definePaths, json } from "@/lib/openapi/operation";
import { dashboardSchema } from "@/lib/openapi/responses/enrollments";

// app/api/dashboard.

export const dashboardPaths = definePaths("Dashboard", {
  "/api/dashboard": {
    get: {
      operationId: "getDashboard",
      summary: "The caller's courses, where to continue, and what they completed lately",
      access: "signed-in",
      permission: "courses:enroll:self",
      responses: { 200: json("The learner dashboard", dashboardSchema) },
      errors: [404],
    },
  },
});
