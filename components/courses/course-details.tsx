"use client";

import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { format } from "date-fns";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { CourseForm } from "@/components/courses/course-form";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import { ThumbnailUpload } from "@/components/courses/thumbnail-upload";
import type { CategoryJson, CourseJson } from "@/components/courses/types";
import { apiDelete } from "@/lib/client/api";

interface Props {
  course: CourseJson;
  categories: CategoryJson[];
  canChooseInstructors: boolean;
}

/** The editor's Details tab: thumbnail, the course form, and deleting the course. */
export function CourseDetails({ course: initial, categories, canChooseInstructors }: Props) {
  const router = useRouter();
  const [course, setCourse] = useState(initial);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <ThumbnailUpload
        course={course}
        onChange={(next) => {
          setCourse(next);
          setNotice({ severity: "success", message: next.has_thumbnail ? "Thumbnail saved" : "Thumbnail removed" });
        }}
        onError={(message) => setNotice({ severity: "error", message })}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Created {format(new Date(course.created_at), "d MMM yyyy")} by{" "}
        {course.created_by ? `${course.created_by.first_name} ${course.created_by.last_name}` : "a deleted user"}
      </Typography>
      <CourseForm
        course={course}
        categories={categories}
        canChooseInstructors={canChooseInstructors}
        onSaved={(saved) => {
          setCourse(saved);
          setNotice({ severity: "success", message: "Course saved" });
        }}
        actions={
          <Button color="error" onClick={() => setConfirmDelete(true)}>
            Delete course
          </Button>
        }
      />
      {confirmDelete && (
        <ConfirmDialog
          title="Delete course?"
          message={`"${course.title}", its modules, lessons and files will be deleted. This cannot be undone. A course with enrollments cannot be deleted: archive it instead.`}
          onClose={() => setConfirmDelete(false)}
          onConfirm={async () => {
            await apiDelete(`/api/courses/${course.id}`);
            router.push("/admin/courses");
            router.refresh();
          }}
        />
      )}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Paper>
  );
}
