import { writeFileSync } from "node:fs";
import {
  THEME_BASELINE_FILE,
  THEME_VARIABLES_FILE,
  themeBaselineCss,
  themeVariablesCss,
} from "@/components/theme/theme-stylesheet";

// npx tsx scripts/write-theme-css.ts: writes the theme's CSS variables and baseline after a change to the
// theme (a unit test fails until it is run).
writeFileSync(THEME_VARIABLES_FILE, await themeVariablesCss());
writeFileSync(THEME_BASELINE_FILE, await themeBaselineCss());
console.log(`Wrote ${THEME_VARIABLES_FILE} and ${THEME_BASELINE_FILE}.`);
