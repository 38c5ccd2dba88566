import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

// With SMTP_URL mail goes out through that server; without it, each mail is written as an .eml file to
// MAIL_OUTBOX_DIR (the README says how to read them), so a fresh machine needs no mail server.
const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

export async function sendMail(mail: Mail): Promise<void> {
  const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail });
  if (env.SMTP_URL) return;
  const dir = path.resolve(env.MAIL_OUTBOX_DIR);
  await mkdir(dir, { recursive: true });
  const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
  const message = (info as { message?: Buffer }).message ?? Buffer.from(mail.text);
  await writeFile(path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`), message);
}
