import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The /admin layout puts no MUI providers in place (docs/architecture.md "Styles"): each admin page that
// draws with MUI gets them from its subtree's layout.tsx, the reports' layout, or the page itself. A page
// that imports MUI with none of those above it would render without the theme and without emotion's cache.

const ADMIN = path.join(process.cwd(), "app/admin");
const PROVIDES = /mui-layout|MuiProviders/;

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name === "page.tsx" ? [full] : [];
  });
}

/** Whether a layout between app/admin (exclusive) and the page's folder, or the page itself, puts them in place. */
function hasProviders(page: string): boolean {
  if (PROVIDES.test(readFileSync(page, "utf8"))) return true;
  for (let dir = path.dirname(page); dir !== ADMIN; dir = path.dirname(dir)) {
    const layout = path.join(dir, "layout.tsx");
    if (existsSync(layout) && PROVIDES.test(readFileSync(layout, "utf8"))) return true;
  }
  return false;
}

/** The pages drawn from CSS modules alone (eslint.config.mjs ZERO_RUNTIME_PAGES): no providers needed. */
const WITHOUT_MUI = ["courses/page.tsx", "settings/page.tsx"];

describe("admin pages and MUI's providers", () => {
  it("every admin page has MUI's providers above it, except those drawn without MUI", () => {
    const missing = pages(ADMIN)
      .filter((page) => !hasProviders(page))
      .map((page) => path.relative(ADMIN, page));
    expect(missing).toEqual(WITHOUT_MUI);
  });
});
