import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { tenantId, type RequestContext } from "@/lib/tenancy/context";

export const categorySelect = {
  id: true,
  name: true,
  description: true,
  _count: { select: { courses: true } },
} satisfies Prisma.CategorySelect;
type CategoryRow = Prisma.CategoryGetPayload<{ select: typeof categorySelect }>;

export function categoryJson(category: CategoryRow) {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    course_count: category._count.courses,
  };
}
export type CategoryJson = ReturnType<typeof categoryJson>;

/** Categories of an organization. Public like the catalog: anyone on the host can filter by them. */
export async function listCategories(ctx: RequestContext): Promise<CategoryJson[]> {
  const rows = await db().category.findMany({
    where: { organizationId: tenantId(ctx) },
    select: categorySelect,
    orderBy: { name: "asc" },
  });
  return rows.map(categoryJson);
}
