import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Who manages which question bank (docs/permissions.md "Question banks"): the organization's
// administrators (and the superadmin on its host) every bank (questions:manage:any); an instructor the
// banks they created. Other banks do not exist for an instructor (404), like another organization's.
// A question belongs to its bank: whoever manages the bank manages its questions.

export const BANK_NOT_FOUND = "Question bank not found";

/** The banks the caller manages, as a filter every bank query starts from. */
export function managedBanksWhere(ctx: TenantContext): Prisma.QuestionBankWhereInput {
  requirePermission(ctx, "questions:manage");
  const organizationId = tenantId(ctx);
  if (can(ctx, "questions:manage:any")) return { organizationId };
  return { organizationId, createdById: ctx.userId };
}

export interface ManagedBank {
  id: string;
  organizationId: string;
  parentId: string | null;
  name: string;
}

/** A bank the caller manages, or a 404 (`client`: a transaction's, to read inside it). */
export async function requireManagedBank(
  ctx: TenantContext,
  bankId: string,
  client: Prisma.TransactionClient = db(),
): Promise<ManagedBank> {
  const where = managedBanksWhere(ctx);
  if (!isId(bankId)) throw new AppError("NOT_FOUND", BANK_NOT_FOUND);
  const bank = await client.questionBank.findFirst({
    where: { AND: [where, { id: bankId }] },
    select: { id: true, organizationId: true, parentId: true, name: true },
  });
  if (!bank) throw new AppError("NOT_FOUND", BANK_NOT_FOUND);
  return bank;
}
