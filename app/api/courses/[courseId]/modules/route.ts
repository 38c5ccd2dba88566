import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { createModuleSchema } from "@/lib/schemas/outline";
import { createModule } from "@/lib/server/outline/modules";

export const POST = handle<{ courseId: string }>("Failed to add the module", async (req, { params }) => {
  const caller = await requireCaller(req);
  const created = await createModule(caller.ctx, (await params).courseId, await readJson(req, createModuleSchema));
  return Response.json(created, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
