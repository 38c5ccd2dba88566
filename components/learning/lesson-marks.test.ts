import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { iconPaths, iconUrl } from "@/components/ui/icon-stylesheet";

// The lesson lists draw their marks from their own stylesheet; they must stay the icons the rest of the app draws.
const css = readFileSync(path.join(import.meta.dirname, "lesson-list.module.css"), "utf8");

function markUrl(className: string): string | undefined {
  const rule = new RegExp(`\\.${className}::before \\{\\s*mask-image: (url\\("[^"]*"\\));`);
  return rule.exec(css)?.[1];
}

describe("the lesson lists' marks", () => {
  it("are the completed and not completed icons' own shapes", () => {
    expect(markUrl("done")).toBe(iconUrl(iconPaths("completed")));
    expect(markUrl("notDone")).toBe(iconUrl(iconPaths("notCompleted")));
  });
});
