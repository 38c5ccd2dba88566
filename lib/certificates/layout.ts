import type { CertificateDesign, TextBlock } from "@/lib/schemas/certificates";

// Where a certificate's parts sit on its page, in PDF points from the top left: the one geometry the PDF
// renderer draws with, the template check refuses clashes by, and the editor's preview mirrors. Text is
// measured by whoever has the font (pdfkit on the server, the browser in the preview); the rest is fixed
// here, so the check and the drawing cannot disagree.

export interface Box {
  /** What a person calls it: "Text 3", "the QR code", "the verification address". */
  label: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Clash {
  a: string;
  b: string;
}

export const PAGE_POINTS = { A4: [842, 595], Letter: [792, 612] } as const;

export function pageSize(design: Pick<CertificateDesign, "page_size" | "orientation">): {
  width: number;
  height: number;
} {
  const [long, short] = PAGE_POINTS[design.page_size];
  return design.orientation === "landscape" ? { width: long, height: short } : { width: short, height: long };
}

const QR_SIZE = 80;
const QR_INSET = 20;
/** The verification address: two small lines in the bottom right corner, beside the QR code when there is one. */
export const VERIFY_TEXT_SIZE = 8;
const VERIFY_LINE_GAP = 3;

export function qrBox(page: { width: number; height: number }): Box {
  return {
    label: "the QR code",
    left: page.width - QR_INSET - QR_SIZE,
    top: page.height - QR_INSET - QR_SIZE,
    width: QR_SIZE,
    height: QR_SIZE,
  };
}

export function logoBox(page: { width: number; height: number }): Box {
  return { label: "the logo", left: page.width / 2 - 60, top: page.height * 0.04, width: 120, height: 60 };
}

export function signatureImageBox(page: { width: number; height: number }): Box {
  return { label: "the signature image", left: page.width * 0.12, top: page.height * 0.74, width: 160, height: 60 };
}

/** The signature name's own line, under the signature image, unless a text block places {signature_name}. */
export const SIGNATURE_LINE: TextBlock = {
  text: "{signature_name}",
  x: 12,
  y: 88,
  size: 11,
  align: "left",
  color: "#333333",
};

export function usesField(design: Pick<CertificateDesign, "text_blocks">, field: string): boolean {
  return design.text_blocks.some((b) => b.text.includes(`{${field}}`));
}

/** Whether the renderer adds the signature name's own line (a block that names it takes its place). */
export function drawsSignatureLine(design: Pick<CertificateDesign, "signature_name" | "text_blocks">): boolean {
  return design.signature_name.trim() !== "" && !usesField(design, "signature_name");
}

/** The two lines of the verification address: where to check, and the code to type there. */
export function verificationLines(verifyPageUrl: string, code: string): [string, string] {
  return [`Verify at ${verifyPageUrl}`, `Code ${code}`];
}

/**
 * Where the verification lines go, given their measured widths: right-aligned, left of the QR code (or at
 * the page's right edge without one), their bottom line level with the QR code's bottom.
 */
export function verificationBoxes(
  page: { width: number; height: number },
  hasQr: boolean,
  widths: [number, number],
): [Box, Box] {
  const right = hasQr ? page.width - QR_INSET - QR_SIZE - 10 : page.width - QR_INSET;
  const lineHeight = VERIFY_TEXT_SIZE * 1.2;
  const bottom = page.height - QR_INSET;
  const top2 = bottom - lineHeight;
  const top1 = top2 - VERIFY_LINE_GAP - lineHeight;
  return [
    { label: "the verification address", left: right - widths[0], top: top1, width: widths[0], height: lineHeight },
    { label: "the verification address", left: right - widths[1], top: top2, width: widths[1], height: lineHeight },
  ];
}

/**
 * A text block's box from its measured width at the size it is drawn: x is its anchor (left, centre or
 * right edge), y the middle of its line; it is kept on the page as the renderer keeps it.
 */
export function textBox(
  label: string,
  block: Pick<TextBlock, "x" | "y" | "align">,
  size: number,
  width: number,
  page: { width: number; height: number },
): Box {
  const anchor = (block.x / 100) * page.width;
  let left = block.align === "center" ? anchor - width / 2 : block.align === "right" ? anchor - width : anchor;
  left = Math.min(Math.max(left, 0), Math.max(page.width - width, 0));
  const top = (block.y / 100) * page.height - size * 0.7;
  return { label, left, top, width, height: size * 1.2 };
}

/** Overlaps under this many points are a glyph's tail touching another line, not a clash a reader sees. */
const TOLERANCE = 1;

function intersects(a: Box, b: Box): boolean {
  return (
    Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left) > TOLERANCE &&
    Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) > TOLERANCE
  );
}

/** Every pair of parts that overlap (boxes of one part, such as the address's two lines, never clash). */
export function findClashes(boxes: Box[]): Clash[] {
  const clashes: Clash[] = [];
  const seen = new Set<string>();
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      if (a.label === b.label || !intersects(a, b)) continue;
      const key = `${a.label}|${b.label}`;
      if (seen.has(key)) continue;
      seen.add(key);
      clashes.push({ a: a.label, b: b.label });
    }
  });
  return clashes;
}

/** One sentence for the designer: "Text 7 overlaps the QR code; Text 2 overlaps Text 3." */
export function clashMessage(clashes: Clash[]): string {
  return (
    clashes.map((c) => `${capitalize(c.a)} overlaps ${c.b}`).join("; ") +
    ". Move or shrink them so that every part of the certificate stays readable."
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
