import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { CertificateDesign, TextBlock } from "@/lib/schemas/certificates";
import { faceNameFor, loadFace, shapesRightToLeft } from "@/lib/server/certificates/pdf/fonts";
import { visualRuns } from "@/lib/server/certificates/pdf/runs";
import { fillFields, type CertificateValues } from "@/lib/certificates/fields";

// One certificate as a PDF: the template's page, background, logo, text blocks (fields filled in), signature
// and the QR code to its verification page. Text keeps to the page: a block wider than the page's margins is
// drawn smaller until it fits.

export interface CertificateExtras {
  /** The verification page's address (the QR code's content). */
  verifyUrl: string;
  /** The organization's logo (PNG or JPEG), when the template shows it and there is one. */
  logo: Buffer | null;
  title: string;
}

type Doc = PDFKit.PDFDocument;

export async function renderCertificatePdf(
  design: CertificateDesign,
  values: CertificateValues,
  extras: CertificateExtras,
): Promise<Buffer> {
  const qr = design.show_qr_code
    ? await QRCode.toBuffer(extras.verifyUrl, { type: "png", margin: 1, width: 300, errorCorrectionLevel: "M" })
    : null;
  const doc = new PDFDocument({
    size: design.page_size,
    layout: design.orientation,
    margin: 0,
    // No default font (pdfkit would load and embed Helvetica): every run names its own face.
    font: null as unknown as string,
    info: { Title: extras.title, Creator: values.organization_name, CreationDate: new Date(0) },
  });
  const done = collect(doc);
  const { width, height } = doc.page;
  if (design.background_image) doc.image(dataUrlBytes(design.background_image), 0, 0, { width, height });
  if (design.show_logo && extras.logo)
    doc.image(extras.logo, width / 2 - 60, height * 0.04, { fit: [120, 60], align: "center" });
  const registered = new Set<string>();
  for (const block of design.text_blocks) drawBlock(doc, block, fillFields(block.text, values), registered);
  if (design.signature_image)
    doc.image(dataUrlBytes(design.signature_image), width * 0.12, height * 0.74, { fit: [160, 60] });
  if (design.signature_name) {
    const line = { text: design.signature_name, x: 12, y: 88, size: 11, align: "left", color: "#333333" } as const;
    drawBlock(doc, line, design.signature_name, registered);
  }
  if (qr) doc.image(qr, width - 100, height - 100, { width: 80, height: 80 });
  doc.end();
  return done;
}

function drawBlock(doc: Doc, block: TextBlock, text: string, registered: Set<string>): void {
  const { width, height } = doc.page;
  const runs = visualRuns(text, { fontOf: faceNameFor, shapesRightToLeft });
  for (const run of runs) {
    if (registered.has(run.font)) continue;
    doc.registerFont(run.font, loadFace(run.font) as unknown as Buffer);
    registered.add(run.font);
  }
  const maxWidth = width * 0.9;
  let size = block.size;
  const measure = (s: number) => runs.reduce((sum, r) => sum + doc.font(r.font).fontSize(s).widthOfString(r.text), 0);
  let total = measure(size);
  while (total > maxWidth && size > 6) {
    size = Math.max(6, Math.floor(size * 0.9));
    total = measure(size);
  }
  const anchor = (block.x / 100) * width;
  let x = block.align === "center" ? anchor - total / 2 : block.align === "right" ? anchor - total : anchor;
  x = Math.min(Math.max(x, 0), Math.max(width - total, 0));
  // The block's y is the middle of its line.
  const top = (block.y / 100) * height - size * 0.7;
  doc.fillColor(block.color);
  for (const run of runs) {
    doc.font(run.font).fontSize(size).text(run.text, x, top, { lineBreak: false });
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
