"use client";

import { useState } from "react";
import { Icon } from "@/components/ui/icon";
import ui from "@/components/ui/ui.module.css";
import { certificateState, stateText, type CertificateState, type CertificateStatus } from "@/lib/certificates/status";
import { longDay } from "@/lib/format-dates";
import styles from "./my-certificates.module.css";

/** Valid and Expired filled; about to lapse outlined, so it reads differently without relying on hue. */
const STATE_CHIP: Record<CertificateState, string | undefined> = {
  valid: ui.chipSuccess,
  expired: ui.chipWarning,
  expiring: ui.chipOutlinedWarning,
  revoked: undefined,
};

export interface MyCertificate {
  id: string;
  code: string;
  course_title: string;
  completed_at: string;
  expires_at: string | null;
  status: CertificateStatus;
  verification_url: string;
  pdf_url: string;
}

/** The learner's certificates: the PDF to download and the verification link to hand to whoever asks. */
export function MyCertificates({ certificates }: { certificates: MyCertificate[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  if (certificates.length === 0)
    return <p className={styles.empty}>Complete a course that awards a certificate to earn one.</p>;
  async function copy(certificate: MyCertificate) {
    await navigator.clipboard.writeText(certificate.verification_url);
    setCopied(certificate.id);
  }
  return (
    <ul className={styles.list} aria-label="My certificates">
      {certificates.map((c) => {
        const state = certificateState(c.status, c.expires_at);
        return (
          <li key={c.id} className={styles.card}>
            <div className={styles.content}>
              <div>
                <h3 className={styles.title}>{c.course_title}</h3>
                <p className={styles.dates}>
                  Completed {longDay(c.completed_at)}
                  {c.expires_at
                    ? ` · ${state === "expired" ? "expired" : state === "expiring" ? "expires" : "valid until"} ${longDay(c.expires_at)}`
                    : ""}
                </p>
              </div>
              <div className={styles.actions}>
                <span className={`${ui.chip} ${STATE_CHIP[state] ?? ""}`} data-testid="certificate-state">
                  {stateText(state, c.expires_at)}
                </span>
                <a className={styles.textButton} href={c.pdf_url} download={`certificate-${c.code}.pdf`}>
                  <span className={styles.startIcon}>
                    <Icon name="download" size={18} />
                  </span>
                  PDF
                </a>
                <button type="button" className={styles.textButton} onClick={() => copy(c)}>
                  <span className={styles.startIcon}>
                    <Icon name="copy" size={18} />
                  </span>
                  {copied === c.id ? "Link copied" : "Copy verification link"}
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
