import { describe, expect, it } from "vitest";
import { attachmentDisposition, storedFileHeaders } from "./security-headers";

const asObject = (headers: { key: string; value: string }[]) =>
  Object.fromEntries(headers.map((h) => [h.key, h.value]));
const LOCKED = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

describe("storedFileHeaders", () => {
  it("shows images, video, audio and PDF inline under their own type, locked down", () => {
    for (const type of [
      "image/png",
      "image/jpeg",
      "image/gif",
      "image/webp",
      "video/mp4",
      "video/webm",
      "audio/mpeg",
      "application/pdf",
    ]) {
      expect(asObject(storedFileHeaders({ contentType: type })), type).toEqual({
        "Content-Type": type,
        "Content-Disposition": "inline",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": LOCKED,
        "X-Frame-Options": "DENY",
      });
    }
    expect(storedFileHeaders({ contentType: "Image/PNG; charset=binary" })[0]).toEqual({
      key: "Content-Type",
      value: "image/png",
    });
  });

  it("sends what a browser would render as a page (HTML, SVG, XML, script) as a download of bytes", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "image/svg+xml",
      "application/xhtml+xml",
      "text/xml",
      "application/xml",
      "text/javascript",
      "text/plain",
      "application/octet-stream",
      "",
    ]) {
      expect(asObject(storedFileHeaders({ contentType: type, fileName: "page.html" })), type).toEqual({
        "Content-Type": "application/octet-stream",
        "Content-Disposition": 'attachment; filename="page.html"',
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": LOCKED,
        "X-Frame-Options": "DENY",
      });
    }
  });

  it("a download asked for is one, whatever the type", () => {
    expect(
      asObject(storedFileHeaders({ contentType: "image/png", fileName: "chart.png", download: true })),
    ).toMatchObject({
      "Content-Type": "application/octet-stream",
      "Content-Disposition": 'attachment; filename="chart.png"',
    });
    expect(asObject(storedFileHeaders({ contentType: "text/html", download: true }))["Content-Disposition"]).toBe(
      'attachment; filename="download"',
    );
  });
});

describe("attachmentDisposition", () => {
  it("quotes a plain ASCII name as it is", () => {
    expect(attachmentDisposition("acme-users-2026-11-25.csv")).toBe('attachment; filename="acme-users-2026-11-25.csv"');
    expect(attachmentDisposition("hand out (v2).pdf")).toBe('attachment; filename="hand out (v2).pdf"');
  });

  it("writes any other name in RFC 5987 form after an ASCII fallback, so nothing breaks out of the header", () => {
    expect(attachmentDisposition("Übung 1.html")).toBe(
      "attachment; filename=\"_bung 1.html\"; filename*=UTF-8''%C3%9Cbung%201.html",
    );
    expect(attachmentDisposition('a"; filename="evil.html')).toBe(
      "attachment; filename=\"a_; filename=_evil.html\"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.html",
    );
    expect(attachmentDisposition("x\r\nSet-Cookie: a=b.txt")).toBe(
      "attachment; filename=\"x__Set-Cookie: a=b.txt\"; filename*=UTF-8''x%0D%0ASet-Cookie%3A%20a%3Db.txt",
    );
    expect(attachmentDisposition("100%25 done\\.txt")).toBe(
      "attachment; filename=\"100_25 done_.txt\"; filename*=UTF-8''100%2525%20done%5C.txt",
    );
    expect(attachmentDisposition("it's (1)*.txt")).toBe('attachment; filename="it\'s (1)*.txt"');
    expect(attachmentDisposition("naïve's.txt")).toBe(
      "attachment; filename=\"na_ve's.txt\"; filename*=UTF-8''na%C3%AFve%27s.txt",
    );
    expect(attachmentDisposition("")).toBe('attachment; filename="download"');
  });
});
