import type { ManifestItem, ScoEntry, ScormManifest } from "@/lib/scorm/types";

/**
 * The launchable items of the default organization in table-of-contents order (depth first), which is
 * also the flow order of "previous" and "continue". Invisible items are skipped, as the spec's isvisible asks.
 */
export function scoList(manifest: ScormManifest): ScoEntry[] {
  const entries: ScoEntry[] = [];
  const walk = (items: ManifestItem[], depth: number) => {
    for (const item of items) {
      if (!item.isVisible) continue;
      if (item.launch) entries.push({ identifier: item.identifier, title: item.title, launch: item.launch, depth });
      walk(item.children, depth + 1);
    }
  };
  walk(manifest.organization.items, 0);
  return entries;
}
