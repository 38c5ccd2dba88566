"use client";

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { format } from "date-fns";
import type { EnrollmentWithUserJson } from "@/components/courses/types";

const STATUS_COLORS = { active: "primary", completed: "success", withdrawn: "default" } as const;
const SOURCE_LABELS = { self: "Self-enrolled", manual: "Enrolled by staff", group: "Through a group" } as const;

interface Props {
  items: EnrollmentWithUserJson[];
  onWithdraw: (enrollment: EnrollmentWithUserJson) => void;
  onReactivate: (enrollment: EnrollmentWithUserJson) => void;
}

export function EnrollmentsTable({ items, onWithdraw, onReactivate }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Enrollments">
        <TableHead>
          <TableRow>
            <TableCell>Learner</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ minWidth: 160 }}>Progress</TableCell>
            <TableCell>Enrolled</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((e) => {
            const name = `${e.user.first_name} ${e.user.last_name}`.trim() || e.user.username;
            return (
              <TableRow key={e.id}>
                <TableCell>
                  <Typography variant="body2">{name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {e.user.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={e.status}
                    color={STATUS_COLORS[e.status]}
                    sx={{ textTransform: "capitalize" }}
                  />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                    <LinearProgress
                      variant="determinate"
                      value={e.progress_percent}
                      sx={{ flex: 1 }}
                      aria-label={`Progress of ${name}`}
                    />
                    <Typography variant="body2">{e.progress_percent}%</Typography>
                  </Box>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{format(new Date(e.enrolled_at), "d MMM yyyy")}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {SOURCE_LABELS[e.source]}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  {e.status === "withdrawn" ? (
                    <Button size="small" onClick={() => onReactivate(e)} aria-label={`Reactivate ${name}`}>
                      Reactivate
                    </Button>
                  ) : (
                    <Button size="small" color="error" onClick={() => onWithdraw(e)} aria-label={`Withdraw ${name}`}>
                      Withdraw
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
