// multipart/mixed, as xAPI sends statements with their attachments and answers them: parsed from a body
// already read (the request's size is bounded before), and written for GET ?attachments=true.

export interface MultipartPart {
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
}

export class MultipartInvalid extends Error {}

export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The parts of a multipart body; throws MultipartInvalid when it has no closing delimiter or a part has no head. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MultipartInvalid("The multipart body has no part with its boundary");
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === "--") return parts;
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), afterDelimiter);
    if (next < 0) throw new MultipartInvalid("The multipart body ends without its closing boundary");
    let start = afterDelimiter;
    // The rest of the delimiter line (transport padding) and its line break.
    const lineEnd = body.indexOf("\r\n", start);
    start = lineEnd + 2;
    const headEnd = body.indexOf("\r\n\r\n", start - 2);
    if (headEnd < 0 || headEnd > next) throw new MultipartInvalid("A multipart part has no header block");
    const headers: Record<string, string> = {};
    for (const line of body.subarray(start, headEnd).toString("utf8").split("\r\n")) {
      if (!line.trim()) continue;
      const colon = line.indexOf(":");
      if (colon < 0) throw new MultipartInvalid(`A multipart part has a malformed header: ${line}`);
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: body.subarray(headEnd + 4, next) });
    at = next + 2;
  }
}

/** A multipart/mixed body of a JSON part (its text) and binary attachment parts, and its Content-Type. */
export function writeMultipart(
  json: string,
  attachments: { contentType: string; sha2: string; body: Buffer }[],
): { body: Buffer; contentType: string } {
  const boundary = `xapi-${crypto.randomUUID()}`;
  const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n`), Buffer.from(json)];
  for (const a of attachments) {
    chunks.push(
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Type: ${a.contentType}\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${a.sha2}\r\n\r\n`,
      ),
      a.body,
    );
  }
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/mixed; boundary=${boundary}` };
}
