import "server-only";
import { serializeStyles } from "@emotion/serialize";
import { appTheme } from "@/components/theme/theme";

// An organization's own primary colour as the few CSS variables it changes (the primary palette and what
// MUI derives from it, in both colour schemes). The default theme's variables come from a stylesheet file;
// this is inlined after it by the root layout, so it wins, on every page, with or without MUI on it.

type Sheet = Record<string, Record<string, string | number>>;

const made = new Map<string, string>();
/** Enough for every colour in use at once; the oldest is dropped past it (a Map keeps insertion order). */
const MAX_SHEETS = 200;

export function brandingStylesheet(primaryColor: string): string {
  let css = made.get(primaryColor);
  if (css === undefined) {
    css = changedVariables(primaryColor);
    if (made.size >= MAX_SHEETS) made.delete(made.keys().next().value!);
    made.set(primaryColor, css);
  }
  return css;
}

function changedVariables(primaryColor: string): string {
  const base = appTheme().generateStyleSheets() as Sheet[];
  const branded = appTheme(primaryColor).generateStyleSheets() as Sheet[];
  const changed = branded.flatMap((sheet, index) =>
    Object.entries(sheet).flatMap(([selector, variables]) => {
      const kept = Object.entries(variables).filter(([name, value]) => base[index]?.[selector]?.[name] !== value);
      return kept.length > 0 ? [{ [selector]: Object.fromEntries(kept) }] : [];
    }),
  );
  // The same cascade layer as the theme's own variables.
  return `@layer mui{${serializeStyles(changed).styles}}`;
}
