import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// The test server writes every mail to TEST_OUTBOX_DIR (no SMTP_URL): tests read links from there, as a
// person would read them from their inbox.

/** The text of the newest mail to `email`, or null. The .eml body is quoted-printable: soft breaks undone. */
export async function latestMailTo(email: string): Promise<string | null> {
  const dir = process.env.TEST_OUTBOX_DIR!;
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, "_")))
    .sort();
  if (files.length === 0) return null;
  return (await readFile(path.join(dir, files.at(-1)!), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

/** The set-password link (reset or invitation) in the newest mail to `email`. */
export async function setPasswordLinkFor(email: string): Promise<{ url: string; token: string }> {
  const mail = await latestMailTo(email);
  const match = mail && /(https?:\/\/[^\s]+)\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[2]) throw new Error(`no set-password link in the newest mail to ${email}`);
  return { url: `${match[1]}/reset-password/${match[2]}`, token: match[2] };
}
