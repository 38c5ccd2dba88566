import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getCourseProgress } from "@/lib/server/progress/queries";

export const GET = handle<{ courseId: string }>("Failed to load the course progress", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  return getCourseProgress(caller.ctx, courseId);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
