"use client";

import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { longDay } from "@/lib/format-dates";

export interface MyCertificate {
  id: string;
  code: string;
  course_title: string;
  completed_at: string;
  expires_at: string | null;
  status: "valid" | "expired" | "revoked";
  verification_url: string;
  pdf_url: string;
}

const STATUS = {
  valid: { label: "Valid", color: "success" },
  expired: { label: "Expired", color: "warning" },
  revoked: { label: "Revoked", color: "error" },
} as const;

/** The learner's certificates: the PDF to download and the verification link to hand to whoever asks. */
export function MyCertificates({ certificates }: { certificates: MyCertificate[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  if (certificates.length === 0)
    return <Typography color="text.secondary">Complete a course that awards a certificate to earn one.</Typography>;
  async function copy(certificate: MyCertificate) {
    await navigator.clipboard.writeText(certificate.verification_url);
    setCopied(certificate.id);
  }
  return (
    <Stack spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: "none" }} aria-label="My certificates">
      {certificates.map((c) => (
        <Card key={c.id} variant="outlined" component="li">
          <CardContent>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
              <div>
                <Typography variant="subtitle1" component="h3">
                  {c.course_title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Completed {longDay(c.completed_at)}
                  {c.expires_at
                    ? ` · ${c.status === "expired" ? "expired" : "valid until"} ${longDay(c.expires_at)}`
                    : ""}
                </Typography>
              </div>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Chip size="small" label={STATUS[c.status].label} color={STATUS[c.status].color} />
                <Button
                  size="small"
                  startIcon={<DownloadIcon />}
                  href={c.pdf_url}
                  download={`certificate-${c.code}.pdf`}
                >
                  PDF
                </Button>
                <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => copy(c)}>
                  {copied === c.id ? "Link copied" : "Copy verification link"}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** My Profile's section of them. */
export function CertificatesProfileSection({ certificates }: { certificates: MyCertificate[] }) {
  const result = useSectionResult();
  return (
    <ProfileSection id="certificates" title="My certificates" result={result.result}>
      <MyCertificates certificates={certificates} />
    </ProfileSection>
  );
}
