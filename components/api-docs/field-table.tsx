import Paper from "@mui/material/Paper";
import type { ReactNode } from "react";
import type { Field, TypeToken } from "@/lib/openapi/describe";
import { MONO_FONT_FAMILY } from "@/components/theme/fonts";

export const mono = { fontFamily: MONO_FONT_FAMILY, fontSize: "0.85rem" } as const;

/** Page-wide styles for the plain elements below (code, links, tables): one rule instead of a MUI component per cell. */
export const referenceSx = {
  "& code": { ...mono, wordBreak: "break-word" },
  "& a": { color: "primary.main" },
} as const;

/** A type like `Course | null`, named schemas linked to their section further down the page. */
export function TypeLabel({ tokens }: { tokens: TypeToken[] }) {
  return (
    <code>
      {tokens.map((t, i) =>
        t.ref ? (
          <a key={i} href={`#schema-${t.ref}`}>
            {t.text}
          </a>
        ) : (
          t.text
        ),
      )}
    </code>
  );
}

/** Text with `code` spans, as the document's descriptions write them. */
export function InlineText({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

export function notes(description: string | undefined, constraints: string[]): ReactNode {
  const parts = [description, ...constraints].filter(Boolean);
  return parts.length ? <InlineText text={parts.join(" · ")} /> : null;
}

// Plain table elements styled once from the wrapper: the page has hundreds of rows, and a MUI
// TableCell per cell (a client component each) would multiply the HTML and the RSC payload.
const tableSx = {
  mb: 2,
  overflowX: "auto",
  "& table": { width: "100%", borderCollapse: "collapse", typography: "body2" },
  "& th, & td": { textAlign: "left", verticalAlign: "top", px: 1.5, py: 0.75, borderBottom: 1, borderColor: "divider" },
  "& th": { fontWeight: 500 },
  "& td:first-of-type code": { whiteSpace: "nowrap" },
  "& tr:last-of-type td": { borderBottom: 0 },
} as const;

/** Fields of a body or schema: name, type, whether required, and what else the schema says. */
export function FieldTable({
  label,
  fields,
  nameHeader = "Field",
}: {
  label: string;
  fields: Field[];
  nameHeader?: string;
}) {
  return (
    <Paper variant="outlined" sx={tableSx}>
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name}>
              <td>
                <code>{f.name}</code>
              </td>
              <td>
                <TypeLabel tokens={f.type} />
              </td>
              <td>{f.required ? "yes" : "no"}</td>
              <td>{notes(f.description, f.constraints)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}
