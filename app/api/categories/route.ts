import { handle, notAllowedExcept, readJson, requestContext, requireCaller } from "@/lib/http";
import { createCategorySchema } from "@/lib/schemas/categories";
import { createCategory } from "@/lib/server/categories/mutations";
import { listCategories } from "@/lib/server/categories/queries";

/** Public like the catalog, whose filter lists them. */
export const GET = handle("Failed to list categories", async (req) => {
  return { items: await listCategories(await requestContext(req)) };
});

export const POST = handle("Failed to create the category", async (req) => {
  const caller = await requireCaller(req);
  const category = await createCategory(caller.ctx, await readJson(req, createCategorySchema));
  return Response.json(category, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
