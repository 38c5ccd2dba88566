import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  THEME_BASELINE_FILE,
  THEME_VARIABLES_FILE,
  themeBaselineCss,
  themeVariablesCss,
} from "@/components/theme/theme-stylesheet";

describe("the theme's CSS variables file", () => {
  it("holds what the theme makes (after a change to the theme, run npx tsx scripts/write-theme-css.ts)", async () => {
    expect(readFileSync(THEME_VARIABLES_FILE, "utf8")).toBe(await themeVariablesCss());
  });

  it("sets the product's blue in light mode and the lighter blue in dark mode, in MUI's layer", () => {
    const css = readFileSync(THEME_VARIABLES_FILE, "utf8");
    expect(css).toContain("@layer mui {");
    expect(css).toMatch(/:root,\s*\.light \{[^}]*--mui-palette-primary-main: #0a66c2;/i);
    expect(css).toMatch(/\.dark \{[^}]*--mui-palette-primary-main: #66a8e8;/i);
  });

  it("and MUI's baseline, with each colour scheme's color-scheme and the page's colours from the variables", async () => {
    const css = readFileSync(THEME_BASELINE_FILE, "utf8");
    expect(css).toBe(await themeBaselineCss());
    expect(css).toMatch(/\.dark \{\s*color-scheme: dark;/);
    expect(css).toMatch(/body \{[^}]*margin: 0;[^}]*background-color: var\(--mui-palette-background-default/);
  });
});
