import { createRequire } from "node:module";
import { format } from "prettier";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_SOURCES, type IconName } from "@/components/ui/icon-sources";

// The Material icons the zero-runtime parts draw, as a stylesheet: one class per icon whose mask is the
// icon's shape, taken from @mui/icons-material so they look exactly like MUI's. components/ui/icon.tsx
// paints the text's colour through it. As SVG in the markup, each icon's path data was sent twice in every
// page (in its HTML and again in its inline data) and cost the server elements to render; as a stylesheet
// it is sent once and cached. Made at development time: `npx tsx scripts/write-icons.ts` after adding a
// name to components/ui/icon-sources.ts (a unit test fails until it is run).

export const ICON_STYLESHEET_FILE = "components/ui/icons.module.css";

const require = createRequire(import.meta.url);

/** The path data of one Material icon (a circle becomes a path of two half arcs). */
export function iconPaths(name: IconName): string[] {
  const muiName = ICON_SOURCES[name];
  const icon = (require(`@mui/icons-material/${muiName}`) as { default: ComponentType }).default;
  const svg = /<svg[^>]*>(.*)<\/svg>/s.exec(renderToStaticMarkup(createElement(icon)))?.[1] ?? "";
  const elements = svg.match(/<[a-z]+\b[^>]*>/g) ?? [];
  return elements.map((element) => {
    const d = /^<path d="([^"]+)"/.exec(element)?.[1];
    if (d) return d;
    const circle = /^<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/.exec(element);
    if (!circle) throw new Error(`${muiName}: only <path d> and <circle> elements are drawn, found ${element}`);
    const [cx, cy, r] = circle.slice(1).map(Number) as [number, number, number];
    return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  });
}

/** An SVG of the icon's paths as a CSS url(): only what a data URL in CSS must escape is escaped. */
export function iconUrl(paths: string[]): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'>${paths.map((d) => `<path d='${d}'/>`).join("")}</svg>`;
  return `url("data:image/svg+xml,${svg.replace(/%/g, "%25").replace(/#/g, "%23").replace(/</g, "%3C").replace(/>/g, "%3E")}")`;
}

/** The stylesheet as the file holds it (formatted as the repository formats CSS). */
export async function iconStylesheet(): Promise<string> {
  const names = Object.keys(ICON_SOURCES) as IconName[];
  const rules = names.map((name) => `.${name} { mask-image: ${iconUrl(iconPaths(name))}; }`);
  const header =
    "/* Written by `npx tsx scripts/write-icons.ts` from components/ui/icon-sources.ts: edit that, not this file. */\n";
  return format(header + rules.join("\n"), { parser: "css", printWidth: 120 });
}
