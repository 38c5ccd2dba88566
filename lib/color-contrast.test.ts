import { describe, expect, it } from "vitest";
import { checkBrandColor, contrastRatio, darkModeVariant } from "./color-contrast";

// Reference values from WCAG 2.x: black on white is 21:1; #767676 is the lightest grey that passes AA on
// white (4.54:1) and #777777 the first that fails (4.48:1). #FFCC00 by hand: L = 0.2126 + 0.7152 × 0.6038 =
// 0.6444, so (1 + 0.05) / (0.6444 + 0.05) = 1.51:1.

describe("contrast", () => {
  it("matches WCAG's reference pairs", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#FFFFFF")).toBeCloseTo(4.48, 2);
  });

  it("accepts the product's blue and dark colours, refuses light ones with a message naming the ratio", () => {
    expect(checkBrandColor("#0A66C2").ok).toBe(true);
    expect(checkBrandColor("#767676").ok).toBe(true);
    const yellow = checkBrandColor("#FFCC00");
    expect(yellow.ok).toBe(false);
    expect(yellow.ok || yellow.message).toBe(
      "White text on #FFCC00 has a contrast of 1.51:1; WCAG AA needs at least 4.5:1. Choose a darker colour.",
    );
    expect(checkBrandColor("#777777").ok).toBe(false);
  });

  it("lightens a colour for dark mode until it reads on the dark background", () => {
    const variant = darkModeVariant("#0A66C2");
    expect(contrastRatio(variant, "#121212")).toBeGreaterThanOrEqual(4.5);
    expect(darkModeVariant("#FFFFFF")).toBe("#FFFFFF");
  });
});
