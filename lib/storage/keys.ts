// Storage keys: relative POSIX paths of safe segments, the same for every driver, so a key written on
// local disk can be copied to a bucket and back. Served public files live at /uploads/{key}.

/**
 * Whether one path segment of a key is safe on any disk: not empty, not "." or "..", at most 255 bytes,
 * and free of separators, control characters and the characters Windows reserves. Spaces and any
 * other Unicode are fine (package files are named "Course Overview.html", "Übung 1.html").
 */
function isSafeSegment(segment: string): boolean {
  if (!segment || segment === "." || segment === "..") return false;
  if (Buffer.byteLength(segment) > 255 || segment !== segment.normalize("NFC")) return false;
  return !/[\/\\:*?"<>|\u0000-\u001f\u007f]/.test(segment) && !/[. ]$/.test(segment);
}

/** Whether a key would be accepted (checked before any write of a batch, so a bad name writes nothing). */
export function isValidKey(key: string): boolean {
  const segments = key.split("/");
  return segments.length > 0 && segments.every(isSafeSegment);
}

export function publicUrl(key: string): string {
  return `/uploads/${key}`;
}

/** The key of a URL this module produced, or null for external URLs. */
export function keyFromUrl(url: string | null | undefined): string | null {
  return url?.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
}
