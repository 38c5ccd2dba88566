"use client";

import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { downloadExport, formatBytes, type DownloadedFile } from "@/components/import-export/export-download";
import { OrganizationPicker } from "@/components/organizations/organization-picker";
import { EXPORT_KIND_INFO, EXPORT_KINDS, type ExportKind } from "@/lib/schemas/exports";

export interface ExportFormProps {
  /** Whether the caller picks the organization (the superadmin); an admin exports their own. */
  choosesOrganization: boolean;
  /** The host's organization (null on the apex, where the superadmin may export every organization). */
  hostOrganizationId: string | null;
}

type State =
  | { step: "idle" }
  | { step: "running"; bytes: number | null }
  | { step: "done"; file: DownloadedFile }
  | { step: "failed"; message: string };

/** Pick what to export (and the superadmin: from which organization), then download it as CSV. */
export function ExportForm({ choosesOrganization, hostOrganizationId }: ExportFormProps) {
  const [kind, setKind] = useState<ExportKind>("users");
  // No choice: every organization on the apex, the host's own on an organization's address.
  const [organization, setOrganization] = useState(hostOrganizationId ?? "");
  const [state, setState] = useState<State>({ step: "idle" });
  const abort = useRef<AbortController | null>(null);
  const running = state.step === "running";

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    const query = choosesOrganization && organization ? `?organization_id=${organization}` : "";
    try {
      const file = await downloadExport(
        `/api/admin/exports/${kind}${query}`,
        `${kind}.csv`,
        controller.signal,
        ({ bytes }) => setState({ step: "running", bytes }),
      );
      setState({ step: "done", file });
    } catch (error) {
      if (controller.signal.aborted) setState({ step: "idle" });
      else
        setState({
          step: "failed",
          message:
            error instanceof Error && error.name !== "TypeError" ? error.message : "The export failed. Try again.",
        });
    } finally {
      abort.current = null;
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, display: "flex", flexDirection: "column", gap: 3 }}>
      <FormControl disabled={running}>
        <FormLabel id="export-kind-label" sx={{ mb: 1 }}>
          What to export
        </FormLabel>
        <RadioGroup
          aria-labelledby="export-kind-label"
          value={kind}
          onChange={(e) => setKind(e.target.value as ExportKind)}
        >
          {EXPORT_KINDS.map((k) => (
            <FormControlLabel
              key={k}
              value={k}
              control={<Radio />}
              sx={{ alignItems: "flex-start", mb: 1, "& .MuiRadio-root": { mt: -1 } }}
              label={
                <Box>
                  <Typography component="span" sx={{ fontWeight: 500 }}>
                    {EXPORT_KIND_INFO[k].label}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ display: "block", color: "text.secondary" }}>
                    {EXPORT_KIND_INFO[k].description}
                  </Typography>
                  <Typography component="span" variant="caption" sx={{ display: "block", color: "text.secondary" }}>
                    Columns: {EXPORT_KIND_INFO[k].columns.join(", ")}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>

      {choosesOrganization && (
        <Box sx={{ maxWidth: 420 }}>
          <OrganizationPicker
            id={organization}
            onChange={setOrganization}
            emptyLabel={hostOrganizationId === null ? "All organizations" : "This organization"}
            disabled={running}
          />
        </Box>
      )}

      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Button
          variant="contained"
          onClick={start}
          disabled={running}
          startIcon={running ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
        >
          {running
            ? state.bytes === null
              ? "Preparing…"
              : `Downloading… ${formatBytes(state.bytes)}`
            : "Download CSV"}
        </Button>
        {running && (
          <Button variant="text" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        )}
      </Box>

      <Box role="status" aria-live="polite">
        {running && state.bytes === null && (
          <Typography sx={{ color: "text.secondary" }}>
            Preparing the file: a large export can take a little while before its first rows arrive.
          </Typography>
        )}
        {state.step === "done" && (
          <Alert severity="success">
            Downloaded {state.file.filename} ({formatBytes(state.file.bytes)}).
          </Alert>
        )}
        {state.step === "failed" && <Alert severity="error">{state.message}</Alert>}
      </Box>
    </Paper>
  );
}
