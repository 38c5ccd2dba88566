import "server-only";
import sharp from "sharp";
import type { CertificateDesign } from "@/lib/schemas/certificates";
import { readUploadedImage } from "@/lib/server/uploaded-image";

// A template's pictures arrive as data URLs; like every picture people upload, each is checked by its bytes
// and re-encoded by sharp, so what a certificate embeds is a PNG of ours, at most 2480 px (A4 at 300 dpi).

const MAX_BYTES = 1_500_000;
const MAX_SIDE = 2480;

export async function reencodeDesignImages(design: CertificateDesign): Promise<CertificateDesign> {
  return {
    ...design,
    background_image: await reencode(design.background_image, "background image"),
    signature_image: await reencode(design.signature_image, "signature image"),
  };
}

async function reencode(dataUrl: string | null, field: string): Promise<string | null> {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const checked = await readUploadedImage(new File([bytes], field), MAX_BYTES, field);
  const png = await sharp(checked)
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}
