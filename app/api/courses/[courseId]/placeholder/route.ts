import { handle, notAllowedExcept, requestContext } from "@/lib/http";
import { coursePlaceholder } from "@/lib/server/courses/placeholder";

/** The generated picture of a course without a thumbnail. Public for published courses, like the catalog. */
export const GET = handle<{ courseId: string }>("Failed to draw the placeholder", async (req, { params }) => {
  const svg = await coursePlaceholder(await requestContext(req), (await params).courseId);
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
