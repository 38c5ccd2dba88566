import { handle, notAllowedExcept } from "@/lib/http";
import { readObject } from "@/lib/storage/local-storage";

const TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

// Served files are immutable (every upload gets a new key), so they may be cached for a long time.
export const GET = handle<{ path: string[] }>("Failed to read the file", async (_req, { params }) => {
  const { path } = await params;
  const key = path.join("/");
  const object = await readObject(key);
  const extension = key.split(".").pop()?.toLowerCase() ?? "";
  return new Response(object.stream(), {
    headers: {
      "content-type": TYPES[extension] ?? "application/octet-stream",
      "content-length": String(object.size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
