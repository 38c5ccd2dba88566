import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every relative link in the README and in docs/*.md must lead somewhere: to a file of the repository and,
// when it names a section (`file.md#section`), to a heading of that file. Moving a doc or renaming a
// heading then fails here instead of leaving a reader at a dead end.

const ROOT = path.resolve(__dirname, "..");
const DOCUMENTS = [
  "README.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text a reader sees as Markdown: fenced blocks and code spans hold no links. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

function linksOf(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

describe("links between the docs", () => {
  it.each(DOCUMENTS)("every relative link in %s points at an existing file and heading", (document) => {
    const markdown = readFileSync(path.join(ROOT, document), "utf8");
    const broken: string[] = [];
    for (const link of linksOf(markdown)) {
      if (isExternal(link)) continue;
      const [file = "", anchor] = link.split("#", 2);
      const target =
        file === "" ? path.join(ROOT, document) : path.resolve(path.dirname(path.join(ROOT, document)), file);
      if (!target.startsWith(ROOT) || !existsSync(target)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor && target.endsWith(".md") && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) {
        broken.push(`${link}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("reads GitHub's anchors the way GitHub writes them", () => {
    const anchors = anchorsOf(
      '# The API\n## Role × route matrix\n### Commits: told "true" only when stored\n## Notes\n## Notes\n',
    );
    expect([...anchors]).toEqual([
      "the-api",
      "role--route-matrix",
      "commits-told-true-only-when-stored",
      "notes",
      "notes-1",
    ]);
  });
});
