import { handle, notAllowedExcept } from "@/lib/http";
import { checkReadiness } from "@/lib/ops/readiness";

// Readiness for load balancers and orchestrators: 200 when this process can serve (its database answers,
// migrations are applied, the file storage answers, its job workers run), 503 naming the failed checks, and
// 503 from the moment it starts shutting down. /api/health stays the cheap liveness check.
export const GET = handle("Failed to check readiness", async () => {
  const { ready, checks } = await checkReadiness();
  return Response.json(
    { status: ready ? "ready" : "unavailable", checks },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
