import { describe, expect, it } from "vitest";
import { visualRuns, type RunFonts } from "@/lib/server/certificates/pdf/runs";

// Fonts by script, as the certificate's: Arabic letters in an Arabic font whose shaper lays them out right to left.
const fonts: RunFonts = {
  fontOf: (cp) => (cp >= 0x0600 && cp <= 0x06ff ? "arabic" : cp >= 0x4e00 && cp <= 0x9fff ? "cjk" : "latin"),
  shapesRightToLeft: (font) => font === "arabic",
};

describe("visualRuns", () => {
  it("keeps left-to-right text as it is, one run per font", () => {
    expect(visualRuns("Zoë 王小明", fonts)).toEqual([
      { text: "Zoë ", font: "latin" },
      { text: "王小明", font: "cjk" },
    ]);
  });

  it("puts Arabic words right to left, each handed to the shaper in its logical order", () => {
    // محمد علي: the first word is drawn rightmost.
    expect(visualRuns("محمد علي", fonts)).toEqual([
      { text: "علي", font: "arabic" },
      { text: " ", font: "latin" },
      { text: "محمد", font: "arabic" },
    ]);
  });

  it("keeps an Arabic name inside Latin text in place, and mirrors brackets in right-to-left text", () => {
    expect(visualRuns("Dr. محمد علي, Acme", fonts).map((r) => r.text)).toEqual(["Dr. ", "علي", " ", "محمد", ", Acme"]);
    expect(visualRuns("علي (محمد)", fonts).map((r) => r.text)).toEqual(["(", "محمد", ") ", "علي"]);
  });

  it("is empty for no text", () => {
    expect(visualRuns("", fonts)).toEqual([]);
  });
});
