import { z } from "zod";
import { definePaths, json } from "@/lib/openapi/operation";

// app/api/openapi.json: this document describes itself too, so the coverage test holds for it as well.

const openApiDocumentSchema = z.looseObject({
  openapi: z.string().meta({ example: "3.1.0" }),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

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
});
