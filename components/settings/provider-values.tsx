"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ButtonLabel, buttonClasses } from "@/components/ui/button";
import { CopyField } from "@/components/settings/copy-field";
import type { DraftState } from "@/components/settings/use-provider-draft";

/** What the IdP is given: the same paths whether they come from a draft or from the saved provider. */
export type ProviderValuesSource =
  | { protocol: "oidc"; redirectPath: string }
  | {
      protocol: "saml";
      metadataPath: string;
      acsPath: string;
      sloPath: string;
      spCertificate: string;
      /** A draft's metadata XML; a saved provider's is downloaded from its metadata URL. */
      spMetadata?: string;
    };

/** A file made in the browser from text it already holds (a data: address, offered as a download). */
const textFile = (text: string, type: string) => `data:${type};charset=utf-8,${encodeURIComponent(text)}`;

function DownloadLink({ href, filename, children }: { href: string; filename: string; children: string }) {
  return (
    <a className={buttonClasses("outlined", "small")} href={href} download={filename}>
      <ButtonLabel icon="download" size="small">
        {children}
      </ButtonLabel>
    </a>
  );
}

function SamlValues({
  values,
  origin,
}: {
  values: Extract<ProviderValuesSource, { protocol: "saml" }>;
  origin: string;
}) {
  // One line ending, as a text field shows it: what is copied and downloaded is what is seen.
  const certificate = values.spCertificate.replace(/\r\n/g, "\n");
  const certificateHref = textFile(certificate, "application/x-pem-file");
  const metadataHref =
    values.spMetadata === undefined ? values.metadataPath : textFile(values.spMetadata, "application/samlmetadata+xml");
  return (
    <>
      <CopyField label="SP metadata URL" value={`${origin}${values.metadataPath}`} />
      <CopyField label="Entity ID (audience)" value={`${origin}${values.metadataPath}`} />
      <CopyField label="ACS URL (reply URL, HTTP-POST)" value={`${origin}${values.acsPath}`} />
      <CopyField label="Single logout URL (HTTP-Redirect)" value={`${origin}${values.sloPath}`} />
      <CopyField label="SP signing certificate" value={certificate} multiline />
      <Stack direction="row" sx={{ mt: 1, flexWrap: "wrap", gap: 1 }}>
        <DownloadLink href={metadataHref} filename="sp-metadata.xml">
          Download SP metadata
        </DownloadLink>
        <DownloadLink href={certificateHref} filename="sp-certificate.pem">
          Download certificate
        </DownloadLink>
      </Stack>
      {values.spMetadata !== undefined && (
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
          The metadata URL answers once the provider is saved; until then, give the IdP the downloaded file or the
          values above.
        </Typography>
      )}
    </>
  );
}

/**
 * "Give the identity provider": every value it needs from us, each with a copy button, shown as soon as
 * the form opens (from the draft) and unchanged once saved.
 */
export function ProviderValues({ source }: { source: ProviderValuesSource | DraftState }) {
  const origin = window.location.origin;
  let values: ProviderValuesSource;
  if ("status" in source) {
    if (source.status === "loading")
      return (
        <Typography sx={{ color: "text.secondary", my: 1 }} role="status">
          Preparing the values for the identity provider…
        </Typography>
      );
    if (source.status === "failed")
      return (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {source.message}
        </Alert>
      );
    values = source.draft;
  } else values = source;
  return (
    <Box component="section" aria-label="Give the identity provider" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        1. Give the identity provider
      </Typography>
      {values.protocol === "oidc" ? (
        <CopyField label="Redirect URI" value={`${origin}${values.redirectPath}`} />
      ) : (
        <SamlValues values={values} origin={origin} />
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        2. Copy from the identity provider
      </Typography>
    </Box>
  );
}
