"use client";

import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { QUESTION_TYPE_LABELS, plural } from "@/components/question-banks/labels";
import { QUESTION_TYPES } from "@/lib/schemas/questions";
import type { QuestionImportReport, QuestionRefusalJson } from "@/lib/server/question-imports/serialize";

/** The dry run's report: the questions by type, the sub-banks it makes, every refusal with its reason, the notes. */
export function ImportQuestionsReport({ report, bankName }: { report: QuestionImportReport; bankName: string }) {
  // In the order the types are listed everywhere else, not the order the file happened to hold them.
  const byType = QUESTION_TYPES.flatMap((type) =>
    report.by_type[type] ? [[type, report.by_type[type]] as const] : [],
  );
  return (
    <Stack spacing={2} component="section" aria-label="Dry run report">
      <Typography variant="subtitle1" component="h3">
        {plural(report.questions, "question")} will be created
      </Typography>
      {byType.length > 0 && (
        <Table size="small" aria-label="Questions by type" sx={{ maxWidth: 360 }}>
          <TableBody>
            {byType.map(([type, count]) => (
              <TableRow key={type}>
                <TableCell>{QUESTION_TYPE_LABELS[type]}</TableCell>
                <TableCell align="right">{count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="subtitle1" component="h3">
        {report.banks_to_create.length
          ? `${plural(report.banks_to_create.length, "sub-bank")} will be created`
          : "No sub-bank will be created"}
      </Typography>
      {report.banks_to_create.length > 0 && (
        <List dense aria-label="Sub-banks to create">
          {report.banks_to_create.map((path) => (
            <ListItem key={path.join("/")}>
              <ListItemText primary={[bankName, ...path].join(" / ")} />
            </ListItem>
          ))}
        </List>
      )}
      <RefusalList refusals={report.refusals} />
      {report.notes.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            Notes ({report.notes.length}): imported, without what Moodle showed besides
          </Typography>
          <List dense aria-label="Notes">
            {report.notes.map((n, i) => (
              <ListItem key={i}>
                <ListItemText primary={`Line ${n.line}: ${n.name}`} secondary={n.note} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

export function RefusalList({ refusals }: { refusals: QuestionRefusalJson[] }) {
  if (refusals.length === 0) return <Typography variant="body2">No question is refused.</Typography>;
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {plural(refusals.length, "question")} will not be imported
      </Typography>
      <List dense aria-label="Refused questions">
        {refusals.map((r) => (
          <ListItem key={`${r.index}-${r.line}`}>
            <ListItemText primary={`Line ${r.line}: ${r.name || `question ${r.index}`}`} secondary={r.reason} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
