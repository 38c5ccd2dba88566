import { createServer, type Server } from "node:net";

// A mail server just good enough to accept mail over plain SMTP (no TLS, no auth), so a test can check
// that the app really sent through an organization's own server: what it was given, not a mock. It
// listens on 127.0.0.2, the address the test app allow-lists (OUTBOUND_ALLOWED_ADDRESSES in
// scripts/lib/test-app.ts): an organization's mail server is refused anywhere else on loopback.

export const TEST_SMTP_HOST = "127.0.0.2";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export async function startSmtpServer(
  options: { greeting?: string } = {},
): Promise<{ host: string; port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply(options.greeting ?? "220 test-smtp ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            received.push(mail);
            mail = { from: "", to: [], data: "" };
            reply("250 queued");
          } else mail.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") mail.from = line.slice(10).trim();
        if (verb === "RCPT") mail.to.push(line.slice(8).trim());
        if (verb === "DATA") inData = true;
        const answers: Record<string, string> = {
          EHLO: "250 test-smtp",
          HELO: "250 test-smtp",
          MAIL: "250 ok",
          RCPT: "250 ok",
          DATA: "354 go ahead",
          QUIT: "221 bye",
          RSET: "250 ok",
          NOOP: "250 ok",
        };
        reply(answers[verb] ?? "502 not implemented");
        if (verb === "QUIT") socket.end();
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, TEST_SMTP_HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { host: TEST_SMTP_HOST, port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
