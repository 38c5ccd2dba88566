import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A PDF read back by Poppler (scripts/lib/poppler.ts installs it): its text layer, the words with their
// boxes, and its first page as a PNG.

function saved(pdf: Buffer): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  return { dir, file };
}

export function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", saved(pdf).file, "-"]).toString("utf8");
}

export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
}

export function pdfWords(pdf: Buffer): PdfWord[] {
  const html = execFileSync("pdftotext", ["-bbox", "-enc", "UTF-8", saved(pdf).file, "-"]).toString("utf8");
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    text: m[3] ?? "",
  }));
}

export function pdfFirstPagePng(pdf: Buffer, dpi = 72): Buffer {
  const { dir, file } = saved(pdf);
  execFileSync("pdftoppm", [
    "-r",
    String(dpi),
    "-f",
    "1",
    "-l",
    "1",
    "-png",
    "-singlefile",
    file,
    path.join(dir, "page"),
  ]);
  return readFileSync(path.join(dir, "page.png"));
}
