import "server-only";
import { attachmentDisposition } from "@/lib/security-headers";

/** The headers of every CSV download: UTF-8 text, an attachment with this name, never cached. */
export function csvDownloadHeaders(filename: string): Record<string, string> {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": attachmentDisposition(filename),
    "cache-control": "no-store",
  };
}
