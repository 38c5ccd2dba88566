import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_SHAPES } from "@/components/ui/icon-shapes";

// The lesson lists draw their marks from the stylesheet; they must stay the icons the rest of the app draws.
const css = readFileSync(path.join(import.meta.dirname, "lesson-list.module.css"), "utf8");

function markPath(className: string): string | undefined {
  const rule = new RegExp(`\\.${className}::before \\{\\s*mask-image: url\\("data:image/svg\\+xml,[^"]*d='([^']+)'`);
  return rule.exec(css)?.[1];
}

describe("the lesson lists' marks", () => {
  it("are the completed and not completed icons' own paths", () => {
    expect(markPath("done")).toBe(ICON_SHAPES.completed[0]);
    expect(markPath("notDone")).toBe(ICON_SHAPES.notCompleted[0]);
    expect(ICON_SHAPES.completed).toHaveLength(1);
    expect(ICON_SHAPES.notCompleted).toHaveLength(1);
  });
});
