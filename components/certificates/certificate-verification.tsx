import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { VerifiedCertificate } from "@/lib/server/certificates/verify";
import { certificateDate } from "@/lib/certificates/fields";

const STATUS = {
  valid: { label: "Valid", color: "success" },
  expired: { label: "Expired", color: "warning" },
  revoked: { label: "Revoked", color: "error" },
} as const;

/** What the public verification page shows of a certificate: nothing about the learner but their name. */
export function CertificateVerification({
  certificate,
  refusal,
}: {
  certificate: VerifiedCertificate | null;
  refusal?: string;
}) {
  if (!certificate) return <Alert severity="error">{refusal}</Alert>;
  const status = STATUS[certificate.status];
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: "auto" }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
            <Typography variant="h5" component="h1">
              Certificate verification
            </Typography>
            <Chip label={status.label} color={status.color} data-testid="certificate-status" />
          </Stack>
          <Field label="Learner" value={certificate.learnerName} />
          <Field label="Course" value={certificate.courseTitle} />
          <Field label="Completed on" value={certificateDate(certificate.completedAt)} />
          <Field
            label={certificate.status === "expired" ? "Expired on" : "Valid until"}
            value={certificate.expiresAt ? certificateDate(certificate.expiresAt) : "Does not expire"}
          />
          {certificate.revokedAt ? <Field label="Revoked on" value={certificateDate(certificate.revokedAt)} /> : null}
          <Field label="Issued by" value={certificate.organizationName} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </div>
  );
}
