import { handle, notAllowedExcept } from "@/lib/http";
import { openApiDocument } from "@/lib/openapi/document";

// Public: the description of the API is no secret, and clients fetch it before they have a token.
export const GET = handle("Failed to build the API description", async () =>
  Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } }),
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
