import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { unassignGroupCourse } from "@/lib/server/groups/mutations";

type Params = { groupId: string; courseId: string };

export const DELETE = handle<Params>("Failed to remove the course from the group", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { groupId, courseId } = await params;
  await unassignGroupCourse(caller.ctx, groupId, courseId);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH } = notAllowedExcept("DELETE");
