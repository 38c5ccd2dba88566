import { createTheme } from "@mui/material/styles";
import { FONT_FAMILY, MONO_FONT_FAMILY } from "@/components/theme/fonts";
import { DEFAULT_PRIMARY_COLOR, darkModeVariant } from "@/lib/color-contrast";

// The theme is built with CSS variables (cssVariables below): the types say so, which gives the provider
// its CSS-variable props and the theme its generateStyleSheets.
declare module "@mui/material/styles" {
  interface CssThemeVariables {
    enabled: true;
  }
}

export const BRAND_BLUE = DEFAULT_PRIMARY_COLOR;

/** Class on <html> that selects the scheme, so the pre-hydration script and the CSS variables agree. */
export const COLOR_SCHEME_ATTRIBUTE = "class";

// 4.5 is WCAG AA for body text: with it MUI picks black text on colours where white would fail
// (warning, info, the lighter dark-mode blue), which is what axe checks.
const CONTRAST_THRESHOLD = 4.5;

type AppTheme = ReturnType<typeof buildTheme>;
const themes = new Map<string, AppTheme>();
/** Enough for every colour in use at once on a busy server; the oldest is dropped past it (a Map keeps insertion order). */
const MAX_THEMES = 200;

/**
 * The theme of one organization's pages: its primary colour (checked for WCAG AA when chosen), lightened
 * just enough for dark mode; the product's blue without one. Made once per colour: building a theme with
 * both colour schemes costs milliseconds, which the server would otherwise pay on every page it renders.
 */
export function appTheme(primaryColor: string = BRAND_BLUE): AppTheme {
  let theme = themes.get(primaryColor);
  if (!theme) {
    theme = buildTheme(primaryColor);
    if (themes.size >= MAX_THEMES) themes.delete(themes.keys().next().value!);
    themes.set(primaryColor, theme);
  }
  return theme;
}

function buildTheme(primaryColor: string) {
  return createTheme({
    cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
    colorSchemes: {
      light: {
        palette: { contrastThreshold: CONTRAST_THRESHOLD, primary: { main: primaryColor } },
      },
      dark: {
        palette: {
          contrastThreshold: CONTRAST_THRESHOLD,
          // The brand blue is only 3.3:1 on the dark background; this lighter blue keeps links and
          // outlined buttons readable (7.4:1) and takes black text when filled.
          primary: { main: primaryColor === BRAND_BLUE ? "#66A8E8" : darkModeVariant(primaryColor) },
        },
      },
    },
    typography: { fontFamily: FONT_FAMILY },
    components: {
      // Form controls and code do not inherit the page's font by default.
      MuiCssBaseline: {
        styleOverrides: {
          "code, kbd, pre, samp": { fontFamily: MONO_FONT_FAMILY },
          "button, input, select, textarea": { fontFamily: "inherit" },
          // A link in a table's cell looks like a link (as MUI's Link draws one), not like the browser's default.
          ".MuiDataGrid-cell a:not(.MuiButtonBase-root)": {
            color: "var(--mui-palette-primary-main)",
            textDecoration: "underline",
            textDecorationColor: "rgba(var(--mui-palette-primary-mainChannel) / 0.4)",
          },
          ".MuiDataGrid-cell a:not(.MuiButtonBase-root):hover": { textDecorationColor: "inherit" },
        },
      },
    },
    shape: { borderRadius: 8 },
  });
}
