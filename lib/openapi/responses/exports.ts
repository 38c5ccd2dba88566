import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";

/** A CSV file sent as a download (the exports). */
export const csvDownload: ZodOpenApiResponseObject = {
  description: 'A CSV download: `Content-Disposition: attachment; filename="<subdomain>-<kind>-<date>.csv"`',
  headers: z.object({
    "Content-Disposition": z
      .string()
      .meta({ description: "The file's name", example: 'attachment; filename="acme-users-2026-11-25.csv"' }),
  }),
  content: {
    "text/csv": {
      schema: z.string().meta({ description: "UTF-8 with a byte order mark; a header row, then one row per record" }),
    },
  },
};
