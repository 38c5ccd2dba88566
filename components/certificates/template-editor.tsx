"use client";

import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import IconButton from "@mui/material/IconButton";
import MuiLink from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Link from "@/components/navigation/link";
import { useCallback, useState } from "react";
import { CertificatePreview } from "@/components/certificates/certificate-preview";
import { ImagePicker } from "@/components/certificates/image-picker";
import { useUnsavedChanges } from "@/components/forms/use-unsaved-changes";
import { clashMessage, type Clash } from "@/lib/certificates/layout";
import { apiPatch } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import {
  CERTIFICATE_FIELDS,
  createCertificateTemplateSchema,
  ORIENTATIONS,
  PAGE_SIZES,
  TEXT_ALIGNS,
  type CertificateDesign,
  type TextBlock,
} from "@/lib/schemas/certificates";

export interface EditedTemplate {
  id: string;
  name: string;
  design: CertificateDesign;
}

/** The template's page, pictures and text blocks on the left, the certificate as it will look on the right. */
export function TemplateEditor({ template, logoUrl }: { template: EditedTemplate; logoUrl: string | null }) {
  const [name, setName] = useState(template.name);
  const [design, setDesign] = useState<CertificateDesign>(template.design);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [clashes, setClashes] = useState<Clash[]>([]);
  const [saved, setSaved] = useState(() => JSON.stringify({ name: template.name, design: template.design }));
  useUnsavedChanges(JSON.stringify({ name, design }) !== saved);
  const onClashes = useCallback((found: Clash[]) => setClashes(found), []);
  const change = (patch: Partial<CertificateDesign>) => setDesign((d) => ({ ...d, ...patch }));
  const changeBlock = (index: number, patch: Partial<TextBlock>) =>
    change({ text_blocks: design.text_blocks.map((b, i) => (i === index ? { ...b, ...patch } : b)) });

  async function save() {
    setMessage(null);
    const parsed = createCertificateTemplateSchema.safeParse({ name, design });
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? "Check the template" });
      return;
    }
    setSaving(true);
    try {
      const stored = await apiPatch<EditedTemplate>(`/api/certificate-templates/${template.id}`, parsed.data);
      setName(stored.name);
      setDesign(stored.design);
      setSaved(JSON.stringify({ name: stored.name, design: stored.design }));
      setMessage({ ok: true, text: "Template saved" });
    } catch (e) {
      setMessage({ ok: false, text: failureMessage(e, "Could not save the template") });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={2}>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
          <Stack direction="row" spacing={2}>
            <TextField
              select
              fullWidth
              label="Page size"
              value={design.page_size}
              onChange={(e) => change({ page_size: e.target.value as CertificateDesign["page_size"] })}
            >
              {PAGE_SIZES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label="Orientation"
              value={design.orientation}
              onChange={(e) => change({ orientation: e.target.value as CertificateDesign["orientation"] })}
            >
              {ORIENTATIONS.map((o) => (
                <MenuItem key={o} value={o}>
                  {o === "landscape" ? "Landscape" : "Portrait"}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FormControlLabel
            control={<Switch checked={design.show_logo} onChange={(e) => change({ show_logo: e.target.checked })} />}
            label="The organization's logo"
          />
          {design.show_logo && !logoUrl ? (
            <Alert severity="info" data-testid="no-logo">
              Your organization has no logo yet, so certificates are printed without one. An organization administrator
              adds it under{" "}
              <MuiLink component={Link} href="/admin/organizations">
                Organizations
              </MuiLink>
              .
            </Alert>
          ) : null}
          <FormControlLabel
            control={
              <Switch checked={design.show_qr_code} onChange={(e) => change({ show_qr_code: e.target.checked })} />
            }
            label="QR code to the verification page"
          />
          <ImagePicker
            label="Background image"
            value={design.background_image}
            onChange={(v) => change({ background_image: v })}
          />
          <ImagePicker
            label="Signature image"
            value={design.signature_image}
            onChange={(v) => change({ signature_image: v })}
          />
          <TextField
            label="Signature name"
            value={design.signature_name}
            onChange={(e) => change({ signature_name: e.target.value })}
          />
          <Typography variant="subtitle1">Text blocks</Typography>
          <Typography variant="body2" color="text.secondary">
            Fields: {CERTIFICATE_FIELDS.map((f) => `{${f}}`).join(" ")}
          </Typography>
          {design.text_blocks.map((block, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={1}>
                <Stack direction="row" spacing={1}>
                  <TextField
                    fullWidth
                    size="small"
                    label={`Text ${i + 1}`}
                    value={block.text}
                    onChange={(e) => changeBlock(i, { text: e.target.value })}
                  />
                  <IconButton
                    aria-label={`Remove text ${i + 1}`}
                    onClick={() => change({ text_blocks: design.text_blocks.filter((_, j) => j !== i) })}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
                <Stack direction="row" spacing={1}>
                  <NumberField label="X %" value={block.x} onChange={(x) => changeBlock(i, { x })} />
                  <NumberField label="Y %" value={block.y} onChange={(y) => changeBlock(i, { y })} />
                  <NumberField label="Size" value={block.size} onChange={(size) => changeBlock(i, { size })} />
                  <TextField
                    select
                    size="small"
                    label="Align"
                    sx={{ minWidth: 104, flexShrink: 0 }}
                    value={block.align}
                    onChange={(e) => changeBlock(i, { align: e.target.value as TextBlock["align"] })}
                  >
                    {TEXT_ALIGNS.map((a) => (
                      <MenuItem key={a} value={a}>
                        {ALIGN_LABEL[a]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    size="small"
                    type="color"
                    label="Colour"
                    value={block.color}
                    onChange={(e) => changeBlock(i, { color: e.target.value })}
                    sx={{ minWidth: 80 }}
                  />
                </Stack>
              </Stack>
            </Paper>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              change({
                text_blocks: [
                  ...design.text_blocks,
                  { text: "{learner_name}", x: 50, y: 50, size: 14, align: "center", color: "#000000" },
                ],
              })
            }
          >
            Add text
          </Button>
          {message ? <Alert severity={message.ok ? "success" : "error"}>{message.text}</Alert> : null}
          <Button variant="contained" onClick={save} disabled={saving}>
            Save template
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        {/* Beside a long list of text blocks the preview stays in view while the lower ones are edited. */}
        <Box sx={{ position: { md: "sticky" }, top: { md: 80 } }}>
          <Typography variant="subtitle1" gutterBottom>
            Preview
          </Typography>
          <CertificatePreview design={design} logoUrl={logoUrl} onClashes={onClashes} />
          {clashes.length > 0 ? (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="layout-clashes">
              {clashMessage(clashes)}
            </Alert>
          ) : null}
        </Box>
      </Grid>
    </Grid>
  );
}

const ALIGN_LABEL = { left: "Left", center: "Centre", right: "Right" } as const;

function NumberField({ label, value, onChange }: { label: string; value: number; onChange: (v: number) => void }) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: 90 }}
    />
  );
}
