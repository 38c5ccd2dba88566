import { writeFileSync } from "node:fs";
import { THEME_VARIABLES_FILE, themeVariablesCss } from "@/components/theme/theme-stylesheet";

// npx tsx scripts/write-theme-css.ts: writes the theme's CSS variables after a change to the theme (a unit
// test fails until it is run).
writeFileSync(THEME_VARIABLES_FILE, await themeVariablesCss());
console.log(`Wrote ${THEME_VARIABLES_FILE}.`);
