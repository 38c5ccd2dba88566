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

/** A question bank as a Moodle XML or GIFT file or a QTI 3.0 package, with the count of questions the format could not hold. */
export const questionFileDownload: ZodOpenApiResponseObject = {
  description:
    'The file as a download: `Content-Disposition: attachment; filename="<bank>-<date>.xml"` (`.gift` for GIFT, `.zip` ' +
    "for QTI). Its first lines (an XML comment, or `//` lines; in QTI the manifest's) name each question skipped and why, " +
    "and each question written with changes.",
  headers: z.object({
    "Content-Disposition": z
      .string()
      .meta({ description: "The file's name", example: 'attachment; filename="chemistry-2026-12-03.xml"' }),
    "X-Exported-Questions": z.string().meta({ description: "How many questions the file holds", example: "42" }),
    "X-Skipped-Questions": z
      .string()
      .meta({ description: "How many questions the format cannot hold (listed at the top of the file)", example: "1" }),
  }),
  content: {
    "application/xml": { schema: z.string().meta({ description: "Moodle XML: <quiz> with category records" }) },
    "text/plain": { schema: z.string().meta({ description: "GIFT, UTF-8, with $CATEGORY lines" }) },
    "application/zip": {
      schema: z.string().meta({ description: "QTI 3.0: imsmanifest.xml and one qti-assessment-item per question" }),
    },
  },
};
