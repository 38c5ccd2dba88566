import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { CreateCategoryInput, UpdateCategoryInput } from "@/lib/schemas/categories";
import { isId } from "@/lib/schemas/id";
import { audit, auditActor } from "@/lib/server/audit";
import { categoryJson, categorySelect, type CategoryJson } from "@/lib/server/categories/queries";
import { nameTaken, sameNameWhere } from "@/lib/server/unique-name";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

export async function createCategory(ctx: TenantContext, input: CreateCategoryInput): Promise<CategoryJson> {
  requirePermission(ctx, "categories:manage");
  const organizationId = tenantId(ctx);
  return db().$transaction(async (tx) => {
    await ensureNameFree(tx, organizationId, input.name);
    const category = await tx.category.create({
      data: { organizationId, name: input.name, description: input.description ?? null },
      select: categorySelect,
    });
    await audit(
      { organizationId, ...auditActor(ctx), action: "category.create", entityType: "category", entityId: category.id },
      tx,
    );
    return categoryJson(category);
  });
}

export async function updateCategory(
  ctx: TenantContext,
  categoryId: string,
  input: UpdateCategoryInput,
): Promise<CategoryJson> {
  requirePermission(ctx, "categories:manage");
  const organizationId = tenantId(ctx);
  if (!isId(categoryId)) throw new AppError("NOT_FOUND", "Category not found");
  return db().$transaction(async (tx) => {
    if (input.name !== undefined) await ensureNameFree(tx, organizationId, input.name, categoryId);
    const category = await tx.category.update({
      where: { id: categoryId, organizationId },
      data: { name: input.name, description: input.description },
      select: categorySelect,
    });
    await audit(
      { organizationId, ...auditActor(ctx), action: "category.update", entityType: "category", entityId: categoryId },
      tx,
    );
    return categoryJson(category);
  });
}

/** A category still used by courses stays: moving those courses first is a decision for a person. */
export async function deleteCategory(ctx: TenantContext, categoryId: string): Promise<void> {
  requirePermission(ctx, "categories:manage");
  const organizationId = tenantId(ctx);
  if (!isId(categoryId)) throw new AppError("NOT_FOUND", "Category not found");
  await db().$transaction(async (tx) => {
    const courses = await tx.course.count({ where: { organizationId, categoryId } });
    if (courses > 0)
      throw new AppError(
        "CONFLICT",
        `This category still has ${courses} course${courses === 1 ? "" : "s"}: move them to another category first`,
      );
    await tx.category.delete({ where: { id: categoryId, organizationId } });
    await audit(
      { organizationId, ...auditActor(ctx), action: "category.delete", entityType: "category", entityId: categoryId },
      tx,
    );
  });
}

async function ensureNameFree(
  tx: Pick<ReturnType<typeof db>, "category">,
  organizationId: string,
  name: string,
  exceptId?: string,
) {
  const existing = await tx.category.findFirst({
    where: sameNameWhere(organizationId, name, exceptId),
    select: { id: true },
  });
  if (existing) throw nameTaken("category", name);
}
