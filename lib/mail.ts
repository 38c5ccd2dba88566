import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { resolveAllowed, type CheckedTarget } from "@/lib/net/egress-guard";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * A mail server chosen in System Settings (an organization's own, or the superadmin's for the platform;
 * lib/server/settings/smtp.ts), instead of the deployment's. Typed in by a person, so reached only
 * through the egress guard.
 */
export interface SmtpServer {
  host: string;
  port: number;
  security: "starttls" | "tls" | "none";
  username: string;
  password: string | null;
  from: string;
}

// With SMTP_URL mail goes out through that server (the operator's own choice, so not through the egress
// guard); without it, each mail is written as an .eml file to MAIL_OUTBOX_DIR (docs/configuration.md says how to
// read them), so a fresh machine needs no mail server.
const transport = env.SMTP_URL
  ? nodemailer.createTransport(env.SMTP_URL)
  : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** Gives up on a server that does not answer, so a test e-mail fails in seconds rather than minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function serverTransport(server: SmtpServer, target: CheckedTarget): Transporter {
  return nodemailer.createTransport({
    // The checked address, so nodemailer resolves nothing itself; TLS still checks the certificate
    // against the name that was typed (an address typed as the host has none to give).
    host: target.address,
    tls: target.servername ? { servername: target.servername } : undefined,
    port: server.port,
    secure: server.security === "tls",
    requireTLS: server.security === "starttls",
    ignoreTLS: server.security === "none",
    auth: server.username ? { user: server.username, pass: server.password ?? "" } : undefined,
    ...TIMEOUTS,
  });
}

/**
 * Sends a mail through `server`, or the deployment's transport when there is none. A server that refuses
 * or cannot be reached is a 503 saying so (never a 500): the mail server is not ours to fix mid-request.
 */
export async function sendMail(mail: Mail, server?: SmtpServer | null): Promise<void> {
  try {
    if (server) await sendThroughServer(mail, server);
    else await sendThroughDeployment(mail);
  } catch (error) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "The e-mail could not be sent: the mail server did not accept it. Try again in a few minutes; if it keeps failing, an administrator should check the mail settings.",
      { cause: error },
    );
  }
}

/**
 * Sends through a server chosen in System Settings, connecting only to an address the egress guard
 * allows. Throws its EgressRefusedError, or whatever the lookup or the server's conversation failed with
 * (which may quote the server's replies: for logs, never for the person who chose the server).
 */
export async function sendThroughServer(mail: Mail, server: SmtpServer): Promise<void> {
  const own = serverTransport(server, await resolveAllowed(server.host));
  try {
    await own.sendMail({ from: server.from, ...mail });
  } finally {
    own.close();
  }
}

async function sendThroughDeployment(mail: Mail): Promise<void> {
  const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail });
  if (env.SMTP_URL) return;
  const dir = path.resolve(env.MAIL_OUTBOX_DIR);
  await mkdir(dir, { recursive: true });
  const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
  const message = (info as { message?: Buffer }).message ?? Buffer.from(mail.text);
  await writeFile(path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`), message);
}
