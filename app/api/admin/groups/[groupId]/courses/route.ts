import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { assignGroupCourseSchema } from "@/lib/schemas/groups";
import { assignGroupCourse } from "@/lib/server/groups/mutations";

type Params = { groupId: string };

export const POST = handle<Params>("Failed to assign the course", async (req, { params }) => {
  const caller = await requireCaller(req);
  return Response.json(
    await assignGroupCourse(caller.ctx, (await params).groupId, await readJson(req, assignGroupCourseSchema)),
    { status: 201 },
  );
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
