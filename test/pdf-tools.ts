import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensurePoppler } from "@/scripts/lib/poppler";

// A PDF read back by Poppler (scripts/lib/poppler.ts installs it, here too, so a test run alone finds it
// as `npm test` does): its text layer, the words and lines with their boxes, its metadata, and its first
// page as a PNG.

let checked = false;

function saved(pdf: Buffer): { dir: string; file: string } {
  if (!checked) {
    ensurePoppler();
    checked = true;
  }
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

export interface PdfLine {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The text lines as Poppler lays them out (`-bbox-layout`), each with its box in points from the top left. */
export function pdfLines(pdf: Buffer): PdfLine[] {
  const html = execFileSync("pdftotext", ["-bbox-layout", "-enc", "UTF-8", saved(pdf).file, "-"]).toString("utf8");
  const box = (attributes: string, name: string) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(attributes)?.[1]);
  return [...html.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)].map((m) => {
    const attributes = m[1] ?? "";
    const words = [...(m[2] ?? "").matchAll(/<word[^>]*>([^<]*)<\/word>/g)].map((w) => unescapeXml(w[1] ?? ""));
    return {
      text: words.join(" "),
      xMin: box(attributes, "xMin"),
      yMin: box(attributes, "yMin"),
      xMax: box(attributes, "xMax"),
      yMax: box(attributes, "yMax"),
    };
  });
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? name);
}

/** The document's metadata as `pdfinfo -isodates` prints it ("CreationDate: 2026-11-27T12:00:00Z"…). */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const text = execFileSync("pdfinfo", ["-isodates", saved(pdf).file]).toString("utf8");
  return Object.fromEntries(
    text
      .split("\n")
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] ?? "", (m[2] ?? "").trim()]),
  );
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
