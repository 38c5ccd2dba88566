import { describe, expect, it } from "vitest";
import { clashMessage, findClashes, verificationBoxes, type Box } from "@/lib/certificates/layout";

const box = (label: string, left: number, top: number, width: number, height: number): Box => ({
  label,
  left,
  top,
  width,
  height,
});

describe("findClashes", () => {
  it("names each overlapping pair once, and lets parts touch", () => {
    const boxes = [
      box("Text 1", 100, 100, 200, 20),
      box("Text 2", 250, 110, 100, 20),
      box("Text 3", 100, 120.5, 100, 20),
      box("the QR code", 742, 495, 80, 80),
      box("Text 4", 700, 500, 50, 12),
    ];
    expect(findClashes(boxes)).toEqual([
      { a: "Text 1", b: "Text 2" },
      { a: "the QR code", b: "Text 4" },
    ]);
  });

  it("never counts the two lines of the verification address against each other", () => {
    const [first, second] = verificationBoxes({ width: 842, height: 595 }, true, [200, 150]);
    expect(findClashes([first, second])).toEqual([]);
    expect(first.left + first.width).toBe(732);
    expect(second.top + second.height).toBe(575);
  });

  it("says which parts overlap in a sentence", () => {
    expect(clashMessage([{ a: "Text 7", b: "the QR code" }])).toBe(
      "Text 7 overlaps the QR code. Move or shrink them so that every part of the certificate stays readable.",
    );
  });
});
