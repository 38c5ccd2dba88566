import type { Area } from "react-easy-crop";

/** The square the browser cuts out and sends; the server checks it again and stores a 256 px WebP. */
export const CROPPED_SIZE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The picture could not be read"));
    image.src = src;
  });
}

/** The area the person chose (in the picture's own pixels) as a square PNG. */
export async function cropToBlob(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.min(CROPPED_SIZE, Math.round(area.width)));
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot crop pictures");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be cropped"))),
      "image/png",
    ),
  );
}
