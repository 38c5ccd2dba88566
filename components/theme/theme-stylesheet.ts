import { serializeStyles } from "@emotion/serialize";
import { format } from "prettier";
import { appTheme } from "@/components/theme/theme";

// The theme's CSS variables (both colour schemes) as a stylesheet of its own. MUI's ThemeProvider would
// otherwise build them on every server render and inline all of them in every page (over 20 KB); as a
// file they are made once, at development time, and the browser caches them. Emotion's serializer writes
// them exactly as the provider's own stylesheet would, in the same cascade layer.

export const THEME_VARIABLES_FILE = "components/theme/theme-variables.css";

/** The default theme's variables as the file holds them (formatted as the repository formats CSS). */
export async function themeVariablesCss(): Promise<string> {
  const sheets = appTheme().generateStyleSheets();
  const css = `@layer mui{${serializeStyles(sheets).styles}}`;
  const header =
    "/* Written by `npx tsx scripts/write-theme-css.ts` from components/theme/theme.ts: edit the theme, not this file. */\n";
  return format(header + css, { parser: "css", printWidth: 120 });
}
