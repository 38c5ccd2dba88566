import { handle, notAllowedExcept, readOptionalJson, requireCaller } from "@/lib/http";
import { cmi5LaunchSchema } from "@/lib/schemas/cmi5";
import { launchCmi5Au } from "@/lib/server/cmi5/launch";

export const POST = handle<{ courseId: string; lessonId: string }>(
  "Failed to launch the cmi5 AU",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    const input = await readOptionalJson(req, cmi5LaunchSchema);
    return launchCmi5Au(caller.ctx, courseId, lessonId, input, new URL(req.url).origin);
  },
);

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
