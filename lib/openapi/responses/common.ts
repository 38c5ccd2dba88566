import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { idSchema } from "@/lib/schemas/id";

// Building blocks of the response schemas. Responses are described with zod like the inputs, so the
// document is generated; lib/openapi/responses/responses.test.ts holds them to the serializers' types.

export const id = idSchema;

/** Every timestamp leaves the server as Date.toISOString(). */
export const timestamp = z.iso.datetime().meta({ example: "2026-01-31T09:30:00.000Z" });

export const count = z.number().int().min(0);

/** Page<T> of lib/schemas/pagination.ts. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    total: count,
  });
}

export const messageSchema = z
  .object({ message: z.string() })
  .meta({ id: "Message", description: "A sentence for people." });

// `satisfies` makes this list fail to compile when lib/errors.ts gains or loses a code.
const ERROR_CODES = {
  BAD_REQUEST: "BAD_REQUEST",
  VALIDATION_FAILED: "VALIDATION_FAILED",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED",
  CONFLICT: "CONFLICT",
  ATTEMPT_REPLACED: "ATTEMPT_REPLACED",
  ANSWER_CHECKED: "ANSWER_CHECKED",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "RATE_LIMITED",
  HEADERS_TOO_LARGE: "HEADERS_TOO_LARGE",
  INTERNAL: "INTERNAL",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  STORAGE_UNAVAILABLE: "STORAGE_UNAVAILABLE",
} as const satisfies { [K in ErrorCode]: K };

/** lib/errors.ts ErrorBody. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z
        .string()
        .meta({ description: "Says what went wrong, for people; 4xx messages name the field or rule." }),
      fieldErrors: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: "Validation failures by field path (dot-separated), e.g. `admin.email`." }),
    }),
  })
  .meta({ id: "ErrorBody", description: "Every error answer has this body." });
