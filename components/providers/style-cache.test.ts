import createCache from "@emotion/cache";
import { serializeStyles } from "@emotion/serialize";
import { describe, expect, it } from "vitest";
import { prefixWhereNeeded } from "@/components/providers/style-cache";

/** The CSS emotion writes for these styles on the server with the given plugins. */
function rules(styles: Record<string, string>): string {
  const cache = createCache({ key: "t", stylisPlugins: [prefixWhereNeeded] });
  return String(cache.insert(".x", serializeStyles([styles]), cache.sheet, true));
}

describe("vendor prefixes", () => {
  it("are written only where Safari still needs one", () => {
    expect(rules({ display: "flex", userSelect: "none", transition: "opacity 1s" })).toBe(
      ".x{display:flex;-webkit-user-select:none;user-select:none;transition:opacity 1s;}",
    );
  });
});
