"use client";

import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CategoryForm } from "@/components/courses/category-form";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import type { CategoryJson } from "@/components/courses/types";
import { apiDelete } from "@/lib/client/api";

/** Categories with their course counts; edit in a dialog, delete after a confirmation (refused while courses use it). */
export function CategoryList({ categories }: { categories: CategoryJson[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<CategoryJson | null>(null);
  const [deleting, setDeleting] = useState<CategoryJson | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Categories">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Courses</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {categories.map((c) => (
              <TableRow key={c.id}>
                <TableCell sx={{ fontWeight: 500 }}>{c.name}</TableCell>
                <TableCell sx={{ color: "text.secondary" }}>{c.description || "—"}</TableCell>
                <TableCell align="right">{c.course_count}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  <IconButton aria-label={`Edit category ${c.name}`} onClick={() => setEditing(c)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Delete category ${c.name}`} onClick={() => setDeleting(c)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && (
        <Dialog open onClose={() => setEditing(null)} fullWidth maxWidth="sm">
          <DialogTitle>Edit category</DialogTitle>
          <DialogContent>
            <CategoryForm
              category={editing}
              actions={<Button onClick={() => setEditing(null)}>Cancel</Button>}
              onSaved={() => {
                setEditing(null);
                setNotice({ severity: "success", message: "Category saved" });
                router.refresh();
              }}
            />
          </DialogContent>
        </Dialog>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete category?"
          message={`"${deleting.name}" will be deleted. A category that still has courses cannot be deleted: move its courses first.`}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await apiDelete(`/api/categories/${deleting.id}`);
            setNotice({ severity: "success", message: "Category deleted" });
            router.refresh();
          }}
        />
      )}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
