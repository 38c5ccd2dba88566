import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateModuleSchema } from "@/lib/schemas/outline";
import { deleteModule, updateModule } from "@/lib/server/outline/modules";

type Params = { courseId: string; moduleId: string };

export const PATCH = handle<Params>("Failed to update the module", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, moduleId } = await params;
  return updateModule(caller.ctx, courseId, moduleId, await readJson(req, updateModuleSchema));
});

export const DELETE = handle<Params>("Failed to delete the module", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, moduleId } = await params;
  await deleteModule(caller.ctx, courseId, moduleId);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = notAllowedExcept("PATCH", "DELETE");
