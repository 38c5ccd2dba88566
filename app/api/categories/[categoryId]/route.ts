import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateCategorySchema } from "@/lib/schemas/categories";
import { deleteCategory, updateCategory } from "@/lib/server/categories/mutations";

type Params = { categoryId: string };

export const PATCH = handle<Params>("Failed to update the category", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateCategory(caller.ctx, (await params).categoryId, await readJson(req, updateCategorySchema));
});

export const DELETE = handle<Params>("Failed to delete the category", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteCategory(caller.ctx, (await params).categoryId);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT } = notAllowedExcept("PATCH", "DELETE");
