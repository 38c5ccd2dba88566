import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_STYLESHEET_FILE, iconPaths, iconStylesheet, iconUrl } from "@/components/ui/icon-stylesheet";

describe("the icons' stylesheet", () => {
  it("holds every icon of icon-sources.ts (after adding one, run npx tsx scripts/write-icons.ts)", async () => {
    expect(readFileSync(ICON_STYLESHEET_FILE, "utf8")).toBe(await iconStylesheet());
  });

  it("masks each icon with MUI's own path data, escaped for a data URL", () => {
    // @mui/icons-material's Dashboard, as its SVG draws it.
    expect(iconPaths("dashboard")).toEqual(["M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z"]);
    expect(iconUrl(["M1 1h2"])).toBe(
      `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M1 1h2'/%3E%3C/svg%3E")`,
    );
    const css = readFileSync(ICON_STYLESHEET_FILE, "utf8");
    expect(css).toContain(`.dashboard {\n  mask-image: ${iconUrl(iconPaths("dashboard"))};\n}`);
  });

  it("draws a circle as a path of two half arcs", () => {
    // Category's circle (cx 17.5, cy 17.5, r 4.5) beside its triangle and square.
    expect(iconPaths("categories")).toEqual([
      "m12 2-5.5 9h11z",
      "M13 17.5a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0 -9 0",
      "M3 13.5h8v8H3z",
    ]);
  });
});
