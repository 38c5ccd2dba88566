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

export const THEME_BASELINE_FILE = "components/theme/theme-baseline.css";

type Rules = Record<string, Record<string, string | number | undefined>>;

const kebab = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const block = (rules: Rules) =>
  Object.entries(rules)
    .map(([selector, declarations]) => {
      const body = Object.entries(declarations)
        .filter(([, value]) => value !== undefined)
        .map(([property, value]) => `${kebab(property)}:${value}`)
        .join(";");
      return `${selector}{${body}}`;
    })
    .join("");

/**
 * What MUI's <CssBaseline enableColorScheme /> draws, as a stylesheet of its own: the provider would make it
 * with emotion on every server render and inline it in every page. The same rules as MUI's, on the
 * theme's variables, with the theme's own CssBaseline overrides after them.
 */
export async function themeBaselineCss(): Promise<string> {
  const theme = appTheme();
  const { palette } = theme.vars;
  const { fontFamily, fontWeight, fontSize, lineHeight, letterSpacing } = theme.typography.body1;
  const overrides = theme.components?.MuiCssBaseline?.styleOverrides as Rules | undefined;
  const colorSchemes = Object.fromEntries(
    (["light", "dark"] as const).map((scheme) => [
      theme.getColorSchemeSelector(scheme).replace(/\s*&/, ""),
      { colorScheme: scheme },
    ]),
  );
  const rules: Rules = {
    html: {
      WebkitFontSmoothing: "antialiased",
      MozOsxFontSmoothing: "grayscale",
      boxSizing: "border-box",
      WebkitTextSizeAdjust: "100%",
    },
    "*, *::before, *::after": { boxSizing: "inherit" },
    "strong, b": { fontWeight: theme.typography.fontWeightBold },
    body: {
      margin: 0,
      color: palette.text.primary,
      fontFamily,
      fontWeight,
      fontSize: typeof fontSize === "number" ? `${fontSize}px` : fontSize,
      lineHeight,
      letterSpacing,
      backgroundColor: palette.background.default,
    },
    "body::backdrop": { backgroundColor: palette.background.default },
    ...colorSchemes,
    ...overrides,
  };
  const css = `@layer mui{${block(rules)}@media print{body{background-color:${palette.common.white}}}}`;
  const header =
    "/* Written by `npx tsx scripts/write-theme-css.ts` from components/theme/theme.ts: edit the theme, not this file. */\n";
  return format(header + css, { parser: "css", printWidth: 120 });
}
