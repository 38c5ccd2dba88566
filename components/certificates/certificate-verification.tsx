import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import MuiLink from "@mui/material/Link";
import type { VerifiedCertificate } from "@/lib/server/certificates/verify";
import { certificateDate } from "@/lib/certificates/fields";
import { certificateState, stateText } from "@/lib/certificates/status";
import { MONO_FONT_FAMILY } from "@/components/theme/fonts";

// The words come first; the colour only repeats them. The outlined chip's words stay in the text colour:
// the warning orange on white is too faint for small text.
const STATE_CHIP = {
  valid: { color: "success", variant: "filled" },
  expiring: { color: "warning", variant: "outlined" },
  expired: { color: "warning", variant: "filled" },
  revoked: { color: "error", variant: "filled" },
} as const;

/** What the public verification page shows of a certificate: nothing about the learner but their name. */
export function CertificateVerification({
  code,
  certificate,
  refusal,
}: {
  /** The code as it was checked, repeated so the reader can compare it with the paper. */
  code: string;
  certificate: VerifiedCertificate | null;
  refusal?: string;
}) {
  if (!certificate) return <Alert severity="error">{refusal}</Alert>;
  const state = certificateState(certificate.status, certificate.expiresAt);
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: "auto" }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            useFlexGap
            spacing={2}
            sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
          >
            <Typography variant="h5" component="h1">
              Certificate verification
            </Typography>
            <Chip
              label={stateText(state, certificate.expiresAt)}
              color={STATE_CHIP[state].color}
              variant={STATE_CHIP[state].variant}
              sx={state === "expiring" ? { color: "text.primary" } : undefined}
              data-testid="certificate-status"
            />
          </Stack>
          <Field label="Certificate code" value={code} mono />
          <Field label="Learner" value={certificate.learnerName} />
          <Field label="Course" value={certificate.courseTitle} />
          <Field label="Completed on" value={certificateDate(certificate.completedAt)} />
          <Field
            label={certificate.status === "expired" ? "Expired on" : "Valid until"}
            value={certificate.expiresAt ? certificateDate(certificate.expiresAt) : "Does not expire"}
          />
          {certificate.revokedAt ? <Field label="Revoked on" value={certificateDate(certificate.revokedAt)} /> : null}
          <Field label="Issued by" value={certificate.organizationName} />
          <MuiLink href="/verify" sx={{ alignSelf: "flex-start" }}>
            Check another certificate
          </MuiLink>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Field({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography
        sx={mono ? { fontFamily: MONO_FONT_FAMILY, overflowWrap: "anywhere" } : undefined}
        data-testid={mono ? "verified-code" : undefined}
      >
        {value}
      </Typography>
    </div>
  );
}
