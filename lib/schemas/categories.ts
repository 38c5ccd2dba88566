import { z } from "zod";

export const categoryNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

export const createCategorySchema = z.object({
  name: categoryNameSchema,
  description: z.string().trim().max(1000, "Description must be at most 1000 characters").nullish(),
});
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

export const updateCategorySchema = createCategorySchema.partial();
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;
