import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { format } from "prettier";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_SOURCES } from "../components/ui/icon-sources";

// Writes components/ui/icon-shapes.ts: the path data of the Material icons the zero-runtime parts draw
// (components/ui/icon.tsx), taken from @mui/icons-material so they look exactly like MUI's. Run it after
// adding a name to components/ui/icon-sources.ts: `npx tsx scripts/write-icons.ts`.

const OUT = "components/ui/icon-shapes.ts";
const require = createRequire(import.meta.url);

function pathsOf(muiName: string): string[] {
  const icon = (require(`@mui/icons-material/${muiName}`) as { default: ComponentType }).default;
  const svg = /<svg[^>]*>(.*)<\/svg>/s.exec(renderToStaticMarkup(createElement(icon)))?.[1] ?? "";
  const elements = svg.match(/<[a-z]+\b[^>]*>/g) ?? [];
  return elements.map((element) => {
    const d = /^<path d="([^"]+)"/.exec(element)?.[1];
    if (d) return d;
    const circle = /^<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/.exec(element);
    if (!circle) throw new Error(`${muiName}: only <path d> and <circle> elements are drawn, found ${element}`);
    // A circle as a path: two half arcs.
    const [cx, cy, r] = circle.slice(1).map(Number) as [number, number, number];
    return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  });
}

const entries = Object.entries(ICON_SOURCES).map(
  ([name, muiName]) => `  ${JSON.stringify(name)}: ${JSON.stringify(pathsOf(muiName))},`,
);
const source = `// Written by \`npx tsx scripts/write-icons.ts\` from components/ui/icon-sources.ts: edit that, not this file.
import type { IconName } from "./icon-sources";

export const ICON_SHAPES: Record<IconName, readonly string[]> = {
${entries.join("\n")}
};
`;
writeFileSync(OUT, await format(source, { parser: "typescript", printWidth: 120 }));
console.log(`${OUT}: ${entries.length} icons`);
