"use client";

import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { RichText } from "@/components/learning/rich-text";
import { QUESTION_TYPE_LABELS } from "@/components/question-banks/labels";
import type { QuestionVersionJson } from "@/lib/server/questions/json";

const COMMON = new Set(["type", "name", "stem", "default_mark", "general_feedback", "tags"]);

/** Rich text in a table cell, as text: the version is read, not laid out. */
const textOf = (value: unknown): string =>
  typeof value === "string"
    ? value
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : typeof value === "object" && value !== null
      ? JSON.stringify(value)
      : String(value ?? "");

const label = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** One version as it was written, read-only: the common fields, then the type's own, field by field. */
export function QuestionVersionView({ version }: { version: QuestionVersionJson }) {
  const { content } = version;
  const own = Object.entries(content).filter(([key]) => !COMMON.has(key));
  return (
    <Stack spacing={1.5} aria-label={`Version ${version.version}`} role="region">
      <Typography variant="body2" color="text.secondary">
        {QUESTION_TYPE_LABELS[content.type]} · default mark {content.default_mark} · written{" "}
        {new Date(version.created_at).toLocaleString("en-GB")}
      </Typography>
      <Typography variant="subtitle1" component="h3">
        {content.name}
      </Typography>
      <RichText html={content.stem} />
      {own.map(([key, value]) => (
        <Stack key={key} spacing={0.5}>
          <Typography variant="subtitle2" component="h4">
            {label(key)}
          </Typography>
          <FieldValue value={value} caption={label(key)} />
        </Stack>
      ))}
      {content.general_feedback && (
        <Stack spacing={0.5}>
          <Typography variant="subtitle2" component="h4">
            General feedback
          </Typography>
          <RichText html={content.general_feedback} />
        </Stack>
      )}
    </Stack>
  );
}

function FieldValue({ value, caption }: { value: unknown; caption: string }) {
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === "object" && v !== null)) {
    const rows = value as Record<string, unknown>[];
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    return (
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{label(c)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              {columns.map((c) => (
                <TableCell key={c}>{textOf(row[c])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  if (Array.isArray(value)) return <Typography variant="body2">{value.map(textOf).join(", ") || "none"}</Typography>;
  if (typeof value === "boolean") return <Typography variant="body2">{value ? "Yes" : "No"}</Typography>;
  return <Typography variant="body2">{textOf(value) || "none"}</Typography>;
}
