import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readUploadedImage } from "./uploaded-image";

const MB = 1024 * 1024;
const image = (format: "png" | "jpeg" | "webp" | "gif") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#0A66C2" } })
    .toFormat(format)
    .toBuffer();
const upload = (bytes: Buffer | string, type = "image/png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], "picture", { type });
const refusal = (file: File) =>
  readUploadedImage(file, MB, "avatar").then(
    () => "accepted",
    (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
  );

const REFUSED = "UNSUPPORTED_MEDIA_TYPE: The avatar must be a JPEG, PNG, WebP or GIF image";

describe("readUploadedImage", () => {
  it("accepts JPEG, PNG, WebP and GIF, by their bytes", async () => {
    for (const format of ["png", "jpeg", "webp", "gif"] as const) {
      expect(await refusal(upload(await image(format), "application/octet-stream")), format).toBe("accepted");
    }
  });

  it("refuses SVG whatever it is called, and other documents", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>window.__pwned=1</script></svg>';
    expect(await refusal(upload(svg, "image/png"))).toBe(REFUSED);
    expect(await refusal(upload(`<?xml version="1.0"?>${svg}`, "image/svg+xml"))).toBe(REFUSED);
    expect(await refusal(upload("<!doctype html><script>alert(1)</script>", "image/jpeg"))).toBe(REFUSED);
    expect(await refusal(upload("%PDF-1.7\n", "image/png"))).toBe(REFUSED);
  });

  it("refuses a file that only starts like an image", async () => {
    const png = await image("png");
    expect(await refusal(upload(Buffer.concat([png.subarray(0, 8), Buffer.from("<svg onload=alert(1)>")])))).toBe(
      REFUSED,
    );
  });

  it("refuses a file over the limit with 413", async () => {
    expect(
      await readUploadedImage(upload(Buffer.alloc(MB + 1)), MB, "avatar").catch((e: { code?: string }) => e.code),
    ).toBe("PAYLOAD_TOO_LARGE");
  });
});
