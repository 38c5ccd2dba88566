import { z } from "zod";
import { definePaths, json } from "@/lib/openapi/operation";

// app/api/openapi.json and app/api/health. The document describes itself too, so the coverage test holds
// for it as well.

const openApiDocumentSchema = z.looseObject({
  openapi: z.string().meta({ example: "3.1.0" }),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

export const healthSchema = z.object({ status: z.literal("ok") }).meta({ id: "Health" });

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
});
