import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import {
  drawsSignatureLine,
  findClashes,
  logoBox,
  pageSize,
  qrBox,
  SIGNATURE_LINE,
  signatureImageBox,
  textBox,
  verificationBoxes,
  verificationLines,
  VERIFY_TEXT_SIZE,
  type Box,
  type Clash,
} from "@/lib/certificates/layout";
import type { CertificateDesign, TextBlock } from "@/lib/schemas/certificates";
import { faceNameFor, loadFace, shapesRightToLeft } from "@/lib/server/certificates/pdf/fonts";
import { visualRuns, type TextRun } from "@/lib/server/certificates/pdf/runs";
import { fillFields, type CertificateValues } from "@/lib/certificates/fields";

// One certificate as a PDF: the template's page, background, logo, text blocks (fields filled in), signature,
// the QR code to its verification page and that page's address with the code in words, for a reader holding
// paper and no camera. Text keeps to the page: a block wider than the page's margins is drawn smaller until
// it fits. Every part is placed first (lib/certificates/layout.ts), then drawn, so the template check
// measures exactly what is drawn.

export interface CertificateExtras {
  /** The certificate's own verification page (the QR code's content). */
  verifyUrl: string;
  /** The page where a code is typed in, printed in words beside the QR code. */
  verifyPageUrl: string;
  /** The organization's logo (PNG or JPEG), when the template shows it and there is one. */
  logo: Buffer | null;
  title: string;
  /** The PDF's creation date: the certificate's issue, so the same certificate is the same document. */
  createdAt: Date;
}

type Doc = PDFKit.PDFDocument;

interface PlacedText {
  box: Box;
  runs: TextRun[];
  size: number;
  color: string;
}

interface Plan {
  texts: PlacedText[];
  /** Every part's box: text, pictures and the QR code (a background covers the page and is left out). */
  boxes: Box[];
}

export async function renderCertificatePdf(
  design: CertificateDesign,
  values: CertificateValues,
  extras: CertificateExtras,
): Promise<Buffer> {
  const qr = design.show_qr_code
    ? await QRCode.toBuffer(extras.verifyUrl, { type: "png", margin: 1, width: 300, errorCorrectionLevel: "M" })
    : null;
  const doc = newDocument(design, {
    Title: extras.title,
    Creator: values.organization_name,
    CreationDate: extras.createdAt,
  });
  const done = collect(doc);
  const page = pageSize(design);
  const plan = planCertificate(doc, design, values, extras.verifyPageUrl, { logo: extras.logo !== null });
  if (design.background_image) doc.image(dataUrlBytes(design.background_image), 0, 0, page);
  if (design.show_logo && extras.logo) {
    const box = logoBox(page);
    doc.image(extras.logo, box.left, box.top, { fit: [box.width, box.height], align: "center" });
  }
  if (design.signature_image) {
    const box = signatureImageBox(page);
    doc.image(dataUrlBytes(design.signature_image), box.left, box.top, { fit: [box.width, box.height] });
  }
  for (const text of plan.texts) drawText(doc, text);
  if (qr) {
    const box = qrBox(page);
    doc.image(qr, box.left, box.top, { width: box.width, height: box.height });
  }
  doc.end();
  return done;
}

/**
 * The parts of a design that overlap when filled with these values (the template check passes sample
 * values). The logo counts as present: an organization may add one after the template is saved.
 */
export function certificateClashes(
  design: CertificateDesign,
  values: CertificateValues,
  verifyPageUrl: string,
): Clash[] {
  const doc = newDocument(design, {});
  const plan = planCertificate(doc, design, values, verifyPageUrl, { logo: true });
  doc.end();
  return findClashes(plan.boxes);
}

function newDocument(design: CertificateDesign, info: PDFKit.DocumentInfo): Doc {
  return new PDFDocument({
    size: design.page_size,
    layout: design.orientation,
    margin: 0,
    // No default font (pdfkit would load and embed Helvetica): every run names its own face.
    font: null as unknown as string,
    info,
  });
}

function planCertificate(
  doc: Doc,
  design: CertificateDesign,
  values: CertificateValues,
  verifyPageUrl: string,
  present: { logo: boolean },
): Plan {
  const page = pageSize(design);
  const registered = new Set<string>();
  const texts: PlacedText[] = [];
  const place = (label: string, block: TextBlock, text: string) => {
    if (text.trim() === "") return;
    texts.push(placeText(doc, registered, label, block, text, page));
  };
  design.text_blocks.forEach((block, i) => place(`Text ${i + 1}`, block, fillFields(block.text, values)));
  if (drawsSignatureLine(design)) place("the signature name", SIGNATURE_LINE, design.signature_name);
  const lines = verificationLines(verifyPageUrl, values.certificate_code);
  const measured = lines.map((line) => placeText(doc, registered, "", { ...ADDRESS_LINE, text: line }, line, page));
  const widths = measured.map((m) => m.box.width) as [number, number];
  verificationBoxes(page, design.show_qr_code, widths).forEach((box, i) => {
    const line = measured[i];
    if (line) texts.push({ ...line, box });
  });
  const boxes = texts.map((t) => t.box);
  if (design.show_qr_code) boxes.push(qrBox(page));
  if (design.show_logo && present.logo) boxes.push(logoBox(page));
  if (design.signature_image) boxes.push(signatureImageBox(page));
  return { texts, boxes };
}

const ADDRESS_LINE: TextBlock = { text: "", x: 0, y: 0, size: VERIFY_TEXT_SIZE, align: "left", color: "#555555" };

function placeText(
  doc: Doc,
  registered: Set<string>,
  label: string,
  block: TextBlock,
  text: string,
  page: { width: number; height: number },
): PlacedText {
  const runs = visualRuns(text, { fontOf: faceNameFor, shapesRightToLeft });
  for (const run of runs) {
    if (registered.has(run.font)) continue;
    doc.registerFont(run.font, loadFace(run.font) as unknown as Buffer);
    registered.add(run.font);
  }
  const maxWidth = page.width * 0.9;
  let size = block.size;
  const measure = (s: number) => runs.reduce((sum, r) => sum + doc.font(r.font).fontSize(s).widthOfString(r.text), 0);
  let total = measure(size);
  while (total > maxWidth && size > 6) {
    size = Math.max(6, Math.floor(size * 0.9));
    total = measure(size);
  }
  return { box: textBox(label, block, size, total, page), runs, size, color: block.color };
}

function drawText(doc: Doc, { box, runs, size, color }: PlacedText): void {
  doc.fillColor(color);
  let x = box.left;
  for (const run of runs) {
    doc.font(run.font).fontSize(size).text(run.text, x, box.top, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
}

function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
