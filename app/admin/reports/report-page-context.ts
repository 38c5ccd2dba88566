import "server-only";
import type { Caller } from "@/lib/auth/caller";
import { listCategories } from "@/lib/server/categories/queries";
import { isPlatformAdmin } from "@/lib/server/organizations/access";
import { listOrganizations } from "@/lib/server/organizations/queries";

export interface ReportPageContext {
  /** The superadmin on the apex: every organization, or the one picked. */
  isPlatform: boolean;
  categories: { id: string; name: string }[];
  /** The superadmin's organization picker; null for everyone else. */
  organizations: { id: string; name: string }[] | null;
}

/** What every report page's filter bar offers this caller. */
export async function reportPageContext(caller: Caller): Promise<ReportPageContext> {
  const { ctx } = caller;
  const isPlatform = isPlatformAdmin(ctx) && ctx.organizationId === null;
  if (isPlatform) {
    const organizations = (await listOrganizations(ctx, { page: 1, page_size: 100 })).items.map((o) => ({ id: o.id, name: o.name }));
    return { isPlatform, categories: [], organizations };
  }
  const categories = (await listCategories(ctx)).map((c) => ({ id: c.id, name: c.name }));
  return { isPlatform, categories, organizations: null };
}
