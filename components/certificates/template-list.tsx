"use client";

import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import NextLink from "@/components/navigation/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";

export interface TemplateSummary {
  id: string;
  name: string;
  course_count: number;
}

/** The organization's templates; a new one starts from the usual wording and opens in the editor. */
export function TemplateList({ templates }: { templates: TemplateSummary[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  async function create() {
    setError(null);
    try {
      const name = `Certificate ${templates.length + 1}`;
      const created = await apiPost<TemplateSummary>("/api/certificate-templates", { name, design: DEFAULT_DESIGN });
      router.push(`/admin/courses/certificates/${created.id}`);
    } catch (e) {
      setError(failureMessage(e, "Could not create the template"));
    }
  }
  return (
    <Stack spacing={2}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={create}>
          New template
        </Button>
      </div>
      <List aria-label="Certificate templates">
        {templates.map((t) => (
          <ListItemButton key={t.id} component={NextLink} href={`/admin/courses/certificates/${t.id}`}>
            <ListItemText
              primary={t.name}
              secondary={t.course_count === 1 ? "Used by 1 course" : `Used by ${t.course_count} courses`}
            />
          </ListItemButton>
        ))}
      </List>
    </Stack>
  );
}
