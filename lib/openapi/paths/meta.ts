import { z } from "zod";
import { definePaths, json } from "@/lib/openapi/operation";

// app/api/openapi.json, app/api/health and app/api/ready. The document describes itself too, so the coverage test holds
// for it as well.

const openApiDocumentSchema = z.looseObject({
  openapi: z.string().meta({ example: "3.1.0" }),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

export const healthSchema = z.object({ status: z.literal("ok") }).meta({ id: "Health" });

export const readinessSchema = z
  .object({
    status: z.enum(["ready", "unavailable"]),
    checks: z.array(
      z.object({
        name: z.enum(["process", "database", "migrations", "storage", "jobQueue"]),
        ok: z.boolean(),
        message: z.string().meta({ example: "The database answers" }),
      }),
    ),
  })
  .meta({ id: "Readiness" });

export const metaPaths = definePaths("Documentation", {
  "/api/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This API description (OpenAPI 3.1), generated from the zod schemas",
      description: "The readable version is the /api-docs page.",
      access: "public",
      responses: { 200: json("The OpenAPI document", openApiDocumentSchema) },
    },
  },
  "/api/health": {
    get: {
      operationId: "getHealth",
      summary: "Liveness: whether this server process answers requests",
      description:
        "Answers on any host without reading the database or the session; for load balancers and uptime checks.",
      access: "public",
      tags: ["Operations"],
      responses: { 200: json("The server is up", healthSchema) },
    },
  },
  "/api/ready": {
    get: {
      operationId: "getReadiness",
      summary: "Readiness: whether this server process can serve requests now",
      description:
        "200 when the database answers within 2 s, every migration is applied, the file storage answers and " +
        "the job workers of this process run; else 503 with the same body, naming the failed checks. Answers " +
        "503 from the moment the process starts shutting down. For load balancers and orchestrators; answers " +
        "on any host without the session.",
      access: "public",
      tags: ["Operations"],
      responses: {
        200: json("Ready", readinessSchema),
        503: json("Not ready: the checks say which part failed", readinessSchema),
      },
    },
  },
});
