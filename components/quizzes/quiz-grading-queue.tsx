import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { LinkButton } from "@/components/navigation/link-components";
import { VisuallyHidden } from "@/components/ui/visually-hidden";
import { dayAndTime } from "@/lib/format-dates";
import type { GradingQueueRow } from "@/lib/server/quizzes/grading-view";

/** The attempts waiting for a person, oldest first, each opening its grading page. */
export function QuizGradingQueue({ courseId, rows }: { courseId: string; rows: GradingQueueRow[] }) {
  if (rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center", borderStyle: "dashed" }}>
        <Typography>Nothing to grade: no submitted attempt is waiting for a person.</Typography>
      </Paper>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Attempts waiting for grading">
        <TableHead>
          <TableRow>
            <TableCell>Learner</TableCell>
            <TableCell>Quiz</TableCell>
            <TableCell align="right">Attempt</TableCell>
            <TableCell>Submitted</TableCell>
            <TableCell align="right">Answers to grade</TableCell>
            <TableCell>
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.attempt_id}>
              <TableCell>
                <Typography variant="body2">{row.learner_name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.learner_email}
                </Typography>
              </TableCell>
              <TableCell>{row.lesson_title}</TableCell>
              <TableCell align="right">{row.number}</TableCell>
              <TableCell>{row.submitted_at ? dayAndTime(row.submitted_at) : "—"}</TableCell>
              <TableCell align="right">{row.positions.length}</TableCell>
              <TableCell align="right">
                <LinkButton
                  href={`/admin/courses/${courseId}/grading/${row.attempt_id}`}
                  size="small"
                  variant="outlined"
                  aria-label={`Grade ${row.learner_name}'s attempt ${row.number} at ${row.lesson_title}`}
                >
                  Grade
                </LinkButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
