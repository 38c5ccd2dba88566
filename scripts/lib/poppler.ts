import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// Poppler's pdftotext and pdftoppm: the certificate tests read a PDF's text layer and render its pages to
// pictures with them, a reader of PDFs that is not the library that wrote them. Installed from Debian's
// packages when missing and running as root on Debian, the way scripts/lib/chromium.ts installs a browser.

const has = (tool: string) => spawnSync(tool, ["-v"], { stdio: "ignore" }).error === undefined;

export function ensurePoppler(log: (line: string) => void = console.log): void {
  if (has("pdftotext") && has("pdftoppm")) return;
  if (!existsSync("/etc/debian_version") || process.getuid?.() !== 0) {
    log("Poppler: pdftotext/pdftoppm missing; the certificate tests need them (apt-get install poppler-utils)");
    return;
  }
  log("Poppler: installing Debian's poppler-utils (pdftotext, pdftoppm)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  spawnSync("apt-get", ["install", "-y", "-qq", "poppler-utils"], { stdio: "ignore", env });
}
