import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { CertificateValues } from "@/lib/certificates/fields";
import type { CertificateDesign } from "@/lib/schemas/certificates";
import { renderCertificatePdf } from "@/lib/server/certificates/pdf/render";
import { pdfFirstPagePng, pdfText, pdfWords } from "@/test/pdf-tools";

// The PDF read back by Poppler, a reader that is not the library that wrote it: the text layer holds every
// name, and the rendered page shows the Arabic joined and right to left.

const VALUES: CertificateValues = {
  learner_name: "",
  course_title: "Fire Safety",
  completed_on: "27 November 2026",
  expires_on: "",
  score: "",
  certificate_code: "7K3M9QX2D4HV6TNB8RPW5Y1Z",
  organization_name: "Acme",
  signature_name: "",
};

function design(lines: string[]): CertificateDesign {
  return {
    page_size: "A4",
    orientation: "landscape",
    background_image: null,
    show_logo: false,
    signature_image: null,
    signature_name: "",
    show_qr_code: false,
    text_blocks: lines.map((text, i) => ({ text, x: 10, y: 20 + i * 15, size: 28, align: "left", color: "#000000" })),
  };
}

const render = (lines: string[], values: Partial<CertificateValues> = {}) =>
  renderCertificatePdf(
    design(lines),
    { ...VALUES, ...values },
    { verifyUrl: "http://x/verify/1", logo: null, title: "t" },
  );

/** The columns of the picture that hold ink (a dark pixel), left to right. */
async function inkColumns(png: Buffer): Promise<number[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const columns: number[] = [];
  for (let x = 0; x < info.width; x++) {
    for (let y = 0; y < info.height; y++) {
      if ((data[y * info.width + x] ?? 255) < 128) {
        columns.push(x);
        break;
      }
    }
  }
  return columns;
}

/** Columns without ink between the first and the last inked one: the gaps between separate shapes. */
function gaps(columns: number[]): number {
  if (columns.length === 0) return 0;
  return columns[columns.length - 1]! - columns[0]! + 1 - columns.length;
}

describe("renderCertificatePdf", () => {
  it("draws names in Latin with diacritics, Chinese and Arabic, with the course, in the text layer", async () => {
    const pdf = await render(["{learner_name}", "王小明", "محمد علي", "{course_title}"], {
      learner_name: "Ünal Öztürk, Zoë O'Brien-Łukasz",
    });
    const text = pdfText(pdf);
    expect(text).toContain("Ünal Öztürk, Zoë O'Brien-Łukasz");
    expect(text).toContain("王小明");
    expect(text).toContain("Fire Safety");
    // Arabic is laid out right to left: the first word (محمد) stands right of the second (علي).
    const words = pdfWords(pdf);
    // Readers disagree on the order they extract right-to-left letters in; the letters are the word's either way.
    const word = (letters: string) =>
      words.find((w) => w.text === letters || [...w.text].reverse().join("") === letters);
    const first = word("محمد");
    const second = word("علي");
    expect(first && second && first.xMin > second.xMin).toBe(true);
  }, 60_000);

  it("joins Arabic letters: the shaped word is one unbroken stroke, its letters alone are not", async () => {
    // م ح م د join into محمد: from its first to its last column every column holds ink.
    const joined = await inkColumns(pdfFirstPagePng(await render(["محمد"]), 100));
    expect(joined.length).toBeGreaterThan(20);
    expect(gaps(joined)).toBe(0);
    // The same letters as separate words, each alone in its isolated form, leave gaps between them.
    const apart = await inkColumns(pdfFirstPagePng(await render(["م ح م د"]), 100));
    expect(gaps(apart)).toBeGreaterThan(10);
  }, 60_000);

  it("embeds only the font faces the text uses, and keeps a long text on the page by drawing it smaller", async () => {
    const latin = await render(["Plain Latin text"]);
    const mixed = await render(["Plain Latin text 王小明 محمد"]);
    expect(latin.toString("latin1").match(/\/FontFile2/g)?.length).toBe(1);
    // Latin, Arabic, and the Chinese faces its characters fall in; each cut down to the glyphs drawn.
    expect(mixed.toString("latin1").match(/\/FontFile2/g)?.length).toBeGreaterThanOrEqual(3);
    expect(mixed.length).toBeLessThan(60_000);
    const long = await render(["A very long course title ".repeat(8)]);
    const words = pdfWords(long);
    expect(Math.min(...words.map((w) => w.xMin))).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
