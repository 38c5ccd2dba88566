import { readServerError } from "@/lib/client/api-response";

// Fetches an export and hands it to the browser as a download. The file arrives as the server streams
// it, so the page can tell "being prepared" (no byte yet) from "downloading" (bytes counted).

export interface DownloadProgress {
  /** Bytes received so far; null while the server prepares the first row. */
  bytes: number | null;
}

export interface DownloadedFile {
  filename: string;
  bytes: number;
}

export class ExportFailed extends Error {}

const FALLBACK = "The export failed. Try again.";

/** `attachment; filename="acme-users-2026-11-25.csv"` → the name. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

export async function downloadExport(
  url: string,
  fallbackName: string,
  signal: AbortSignal,
  onProgress: (p: DownloadProgress) => void,
): Promise<DownloadedFile> {
  onProgress({ bytes: null });
  const response = await fetch(url, { credentials: "same-origin", signal, headers: { accept: "text/csv" } });
  if (!response.ok) {
    if (response.status === 401) throw new ExportFailed("Your session has ended: sign in again to export.");
    throw new ExportFailed(readServerError(await response.text())?.message ?? FALLBACK);
  }
  const reader = response.body?.getReader();
  if (!reader) throw new ExportFailed(FALLBACK);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let reported = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (bytes - reported > 256 * 1024 || reported === 0) {
      reported = bytes;
      onProgress({ bytes });
    }
  }
  onProgress({ bytes });
  const filename = filenameOf(response.headers.get("content-disposition"), fallbackName);
  const href = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return { filename, bytes };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
