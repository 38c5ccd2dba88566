"use client";

import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { ImportFileUpload } from "@/components/import-export/import-file-upload";
import { MAX_QUESTION_IMPORT_BYTES } from "@/lib/schemas/question-imports";
import type { QuestionImportJson } from "@/lib/server/question-imports/serialize";

/** Choose a Moodle XML or GIFT file (its format told from its name unless chosen) and upload it. */
export function ImportQuestionsUpload({
  bankId,
  onUploaded,
}: {
  bankId: string;
  onUploaded: (imp: QuestionImportJson) => void;
}) {
  const [format, setFormat] = useState("");

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        A Moodle XML export (.xml), a GIFT file (.gift, .txt) or a QTI 3.0 package (.zip) or item (.xml) of up to 20 MB,
        in UTF-8. Its categories become sub-banks of this bank. Nothing is created until you have seen the dry run and
        chosen Import.
      </Typography>
      <TextField
        select
        size="small"
        label="Format"
        value={format}
        onChange={(e) => setFormat(e.target.value)}
        sx={{ maxWidth: 320 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Told from the file</MenuItem>
        <MenuItem value="moodle_xml">Moodle XML</MenuItem>
        <MenuItem value="gift">GIFT</MenuItem>
        <MenuItem value="qti3">QTI 3.0</MenuItem>
      </TextField>
      <ImportFileUpload<QuestionImportJson>
        url={`/api/question-banks/${bankId}/imports${format ? `?format=${format}` : ""}`}
        accept=".xml,.gift,.txt,.zip,text/xml,application/xml,text/plain,application/zip"
        inputLabel="Question file"
        testId="question-import-file"
        buttonLabel="Choose file"
        maxBytes={MAX_QUESTION_IMPORT_BYTES}
        tooLarge="The file is larger than 20 MB: export the categories in parts"
        onUploaded={onUploaded}
      />
    </Stack>
  );
}
