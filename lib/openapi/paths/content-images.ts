import { z } from "zod";
import { definePaths, json } from "@/lib/openapi/operation";

// app/api/content-images/route.ts.

const imageForm = z.object({
  image: z.file().meta({ description: "JPEG, PNG, WebP or GIF, at most 5 MB by default (CONTENT_IMAGE_MAX_BYTES)" }),
});

const storedImageSchema = z
  .object({
    url: z.string().meta({
      description:
        "Where the image is served (/uploads/content-images/{organizationId}/{uuid}.webp): the src to put in an <img> of lesson text or a question",
      example: "/uploads/content-images/3f2b6a0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp",
    }),
  })
  .meta({ id: "ContentImage" });

export const contentImagePaths = definePaths("Content images", {
  "/api/content-images": {
    post: {
      operationId: "uploadContentImage",
      summary: "Upload an image for rich text (lesson text, question stems, answers, feedback)",
      description:
        "Course and question bank editors (courses:update:own; others 403). The image is " +
        "checked by its bytes, re-encoded as a WebP at most 1600 px wide (never enlarged) and stored for the " +
        "organization. It is served only to the organization's signed-in members, on its host; rich text keeps an " +
        "<img> only when its src is such a URL of the organization's own.",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: { required: true, content: { "multipart/form-data": { schema: imageForm } } },
      responses: { 201: json("Where the stored image is served", storedImageSchema) },
      errors: [400, 404, 413, 415],
    },
  },
});
