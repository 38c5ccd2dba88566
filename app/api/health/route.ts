import { handle, notAllowedExcept } from "@/lib/http";

// Liveness for load balancers and uptime checks, on any host. It touches no database on purpose: it
// answers whether this process serves requests, and `npm run bench` uses it as the framework's floor.
export const GET = handle("Failed to answer the health check", async () =>
  Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }),
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
