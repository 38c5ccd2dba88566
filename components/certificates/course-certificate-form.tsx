"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { courseCertificateSchema, type CourseCertificateInput } from "@/lib/schemas/certificates";

/** The course's certificate: which template (or none), how long it is valid, the reminder, recertification. */
export function CourseCertificateForm({
  courseId,
  settings,
  templates,
}: {
  courseId: string;
  settings: CourseCertificateInput;
  templates: { id: string; name: string }[];
}) {
  const [value, setValue] = useState(settings);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const change = (patch: Partial<CourseCertificateInput>) => setValue((v) => ({ ...v, ...patch }));
  async function save() {
    setMessage(null);
    const parsed = courseCertificateSchema.safeParse(value);
    if (!parsed.success) return setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? "Check the values" });
    try {
      setValue(await apiPut<CourseCertificateInput>(`/api/courses/${courseId}/certificate`, parsed.data));
      setMessage({ ok: true, text: "Certificate settings saved" });
    } catch (e) {
      setMessage({ ok: false, text: failureMessage(e, "Could not save the certificate settings") });
    }
  }
  return (
    <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="course-certificate-heading">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography id="course-certificate-heading" variant="h6" component="h2">
            Certificate
          </Typography>
          <TextField
            select
            label="Certificate template"
            value={value.template_id ?? ""}
            onChange={(e) => change({ template_id: e.target.value || null })}
          >
            <MenuItem value="">No certificate</MenuItem>
            {templates.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label="Valid for (months; empty: does not expire)"
            value={value.validity_months ?? ""}
            onChange={(e) => change({ validity_months: e.target.value === "" ? null : Number(e.target.value) })}
          />
          <TextField
            type="number"
            label="Remind this many days before it expires"
            value={value.reminder_days}
            onChange={(e) => change({ reminder_days: Number(e.target.value) })}
          />
          <FormControlLabel
            control={
              <Switch
                checked={value.recertify_automatically}
                onChange={(e) => change({ recertify_automatically: e.target.checked })}
              />
            }
            label="Enroll learners again automatically when the reminder goes out"
          />
          {message ? <Alert severity={message.ok ? "success" : "error"}>{message.text}</Alert> : null}
          <div>
            <Button variant="contained" onClick={save}>
              Save certificate settings
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
