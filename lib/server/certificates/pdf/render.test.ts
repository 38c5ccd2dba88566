import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { CertificateValues } from "@/lib/certificates/fields";
import { DEFAULT_DESIGN, type CertificateDesign } from "@/lib/schemas/certificates";
import { certificateClashes, renderCertificatePdf } from "@/lib/server/certificates/pdf/render";
import { pdfFirstPagePng, pdfInfo, pdfLines, pdfText, pdfWords, type PdfLine } from "@/test/pdf-tools";

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
  renderCertificatePdf(design(lines), { ...VALUES, ...values }, EXTRAS);

const EXTRAS = {
  verifyUrl: "https://globex.example.com/verify/7K3M9QX2D4HV6TNB8RPW5Y1Z",
  verifyPageUrl: "https://globex.example.com/verify",
  logo: null,
  title: "t",
  createdAt: new Date("2026-11-27T14:05:00Z"),
};

/** The columns of the picture's top half that hold ink (a dark pixel), left to right: the first text block's. */
async function inkColumns(png: Buffer): Promise<number[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const columns: number[] = [];
  for (let x = 0; x < info.width; x++) {
    for (let y = 0; y < info.height / 2; y++) {
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

// The demo's template as it was: the default design, a signature name, and a text block that printed the
// name again at the bottom right, where it ran under the QR code.
const DEMO_DESIGN: CertificateDesign = {
  ...DEFAULT_DESIGN,
  signature_name: "Ada Admin, Head of Learning",
  text_blocks: [
    ...DEFAULT_DESIGN.text_blocks,
    { text: "Valid until {expires_on}", x: 50, y: 71, size: 11, align: "center", color: "#555555" },
  ],
};
const FILLED: CertificateValues = {
  ...VALUES,
  learner_name: "Zoë O'Brien-Łukasz",
  expires_on: "27 November 2027",
  organization_name: "Globex",
  signature_name: "Ada Admin, Head of Learning",
};
/** Where the QR code is drawn on an A4 landscape page (842 × 595 pt): 80 pt square, 20 pt from the corner. */
const QR = { xMin: 742, yMin: 495, xMax: 822, yMax: 575 };

const overlap = (a: Omit<PdfLine, "text">, b: Omit<PdfLine, "text">) =>
  Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin) > 0.5 &&
  Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin) > 0.5;

describe("the certificate's layout", () => {
  it("prints every line of the demo's template apart: none overlaps another or the QR code (read back by Poppler)", async () => {
    const pdf = await renderCertificatePdf({ ...DEMO_DESIGN, show_qr_code: true }, FILLED, EXTRAS);
    const lines = pdfLines(pdf);
    expect(lines.map((l) => l.text).sort()).toEqual(
      [
        "Certificate of Completion",
        "This certifies that",
        "Zoë O'Brien-Łukasz",
        "has completed Fire Safety",
        "Completed on 27 November 2026 · Globex",
        "Valid until 27 November 2027",
        "Ada Admin, Head of Learning",
        "Verify at https://globex.example.com/verify",
        "Certificate 7K3M9QX2D4HV6TNB8RPW5Y1Z",
        "Code 7K3M9QX2D4HV6TNB8RPW5Y1Z",
      ].sort(),
    );
    const clashes = lines.flatMap((a, i) =>
      lines
        .slice(i + 1)
        .filter((b) => overlap(a, b))
        .map((b) => `${a.text} × ${b.text}`),
    );
    expect(clashes).toEqual([]);
    expect(lines.filter((l) => overlap(l, QR)).map((l) => l.text)).toEqual([]);

    // The same reading catches the old template's clash: its second signature line ran under the QR code.
    const old = {
      ...DEMO_DESIGN,
      text_blocks: [
        ...DEMO_DESIGN.text_blocks,
        { text: "{signature_name}", x: 80, y: 84, size: 11, align: "center" as const, color: "#333333" },
      ],
    };
    const oldLines = pdfLines(await renderCertificatePdf(old, FILLED, EXTRAS));
    expect(oldLines.filter((l) => overlap(l, QR)).map((l) => l.text)).toEqual(["Ada Admin, Head of Learning"]);
  }, 60_000);

  it("prints the signature name once, even when a text block also names it", async () => {
    const twice = {
      ...DEMO_DESIGN,
      text_blocks: [
        ...DEMO_DESIGN.text_blocks,
        { text: "{signature_name}", x: 30, y: 84, size: 11, align: "center" as const, color: "#333333" },
      ],
    };
    for (const design of [DEMO_DESIGN, twice]) {
      const text = pdfText(await renderCertificatePdf(design, FILLED, EXTRAS));
      expect(text.match(/Ada Admin, Head of Learning/g)).toHaveLength(1);
    }
  }, 60_000);

  it("prints where to check it and the code, with the QR code and without it", async () => {
    for (const show_qr_code of [true, false]) {
      const text = pdfText(await renderCertificatePdf({ ...DEFAULT_DESIGN, show_qr_code }, FILLED, EXTRAS));
      expect(text).toContain("Verify at https://globex.example.com/verify");
      expect(text).toContain("Code 7K3M9QX2D4HV6TNB8RPW5Y1Z");
    }
  }, 60_000);

  it("dates the document by the certificate's issue, not 1 January 1970", async () => {
    const info = pdfInfo(await renderCertificatePdf(DEFAULT_DESIGN, FILLED, EXTRAS));
    expect(info.CreationDate).toBe("2026-11-27T14:05:00Z");
  }, 60_000);

  it("finds the clash the demo's old template had: its signature block under the QR code", () => {
    const old = {
      ...DEMO_DESIGN,
      text_blocks: [
        ...DEMO_DESIGN.text_blocks,
        { text: "{signature_name}", x: 80, y: 84, size: 11, align: "center" as const, color: "#333333" },
      ],
    };
    expect(certificateClashes(old, FILLED, EXTRAS.verifyPageUrl)).toEqual([{ a: "Text 8", b: "the QR code" }]);
    expect(certificateClashes(DEMO_DESIGN, FILLED, EXTRAS.verifyPageUrl)).toEqual([]);
    expect(certificateClashes(DEFAULT_DESIGN, FILLED, EXTRAS.verifyPageUrl)).toEqual([]);
  });

  it("finds text over text, and text over the verification address when there is no QR code", () => {
    const design: CertificateDesign = {
      ...DEFAULT_DESIGN,
      show_qr_code: false,
      text_blocks: [
        { text: "{learner_name}", x: 50, y: 40, size: 30, align: "center", color: "#000000" },
        { text: "{course_title}", x: 50, y: 42, size: 20, align: "center", color: "#000000" },
        { text: "Signed", x: 97, y: 94, size: 12, align: "right", color: "#000000" },
      ],
    };
    expect(certificateClashes(design, FILLED, EXTRAS.verifyPageUrl)).toEqual([
      { a: "Text 1", b: "Text 2" },
      { a: "Text 3", b: "the verification address" },
    ]);
  });
});
