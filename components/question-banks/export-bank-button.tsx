"use client";

import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import type { QuestionExportFormat } from "@/lib/schemas/question-exports";

const FORMATS: { format: QuestionExportFormat; label: string; detail: string }[] = [
  { format: "moodle_xml", label: "Moodle XML (.xml)", detail: "Every question type" },
  { format: "gift", label: "GIFT (.gift)", detail: "No ordering, units or case-sensitive answers" },
  { format: "qti3", label: "QTI 3.0 package (.zip)", detail: "No fill in the blanks; no feedback" },
];

/**
 * "Export": the bank and its sub-banks as a file, downloaded by the browser from the export route. What a
 * format cannot hold is listed at the top of the file.
 */
export function ExportBankButton({ bankId }: { bankId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label, detail }) => (
          <MenuItem
            key={format}
            component="a"
            href={`/api/question-banks/${bankId}/export?format=${format}&include_sub_banks=true`}
            download
            onClick={() => setAnchor(null)}
          >
            <ListItemText primary={label} secondary={detail} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
