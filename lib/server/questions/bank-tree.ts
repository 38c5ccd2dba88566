import "server-only";
import { listQuestionBanks } from "@/lib/server/questions/banks";
import type { QuestionBankJson } from "@/lib/server/questions/json";
import type { TenantContext } from "@/lib/tenancy/context";

/** Enough for any organization's banks; past it the tree shows the first ones by name. */
const MAX_PAGES = 50;

/**
 * Every bank the caller manages, for the pages that draw them as a tree: the list is paged by 100, and a
 * tree needs every node to place its children.
 */
export async function listAllQuestionBanks(ctx: TenantContext): Promise<QuestionBankJson[]> {
  const banks: QuestionBankJson[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await listQuestionBanks(ctx, { page, page_size: 100 });
    banks.push(...result.items);
    if (banks.length >= result.total || result.items.length === 0) break;
  }
  return banks;
}
