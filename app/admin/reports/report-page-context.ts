import "server-only";
import type { Caller } from "@/lib/auth/caller";
import { listCategories } from "@/lib/server/categories/queries";
import { actsForPlatform } from "@/lib/tenancy/permissions";

export interface ReportPageContext {
  /** The superadmin on the apex: every organization, or the one picked. */
  isPlatform: boolean;
  categories: { id: string; name: string }[];
}

/** What every report page's filter bar offers this caller. */
export async function reportPageContext(caller: Caller): Promise<ReportPageContext> {
  const { ctx } = caller;
  const isPlatform = actsForPlatform(ctx);
  if (isPlatform) return { isPlatform, categories: [] };
  const categories = (await listCategories(ctx)).map((c) => ({ id: c.id, name: c.name }));
  return { isPlatform, categories };
}
