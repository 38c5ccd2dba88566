"use client";

import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useState, type ReactNode } from "react";
import { CourseDetails } from "@/components/courses/course-details";
import { EnrollmentsPanel } from "@/components/courses/enrollments-panel";
import { OutlineEditor } from "@/components/courses/outline-editor";
import { EDITOR_TABS, type EditorTab } from "@/components/courses/labels";
import type { CategoryJson, CourseJson, OutlineJson } from "@/components/courses/types";

const LABELS: Record<EditorTab, string> = { details: "Details", outline: "Outline", enrollments: "Enrollments" };

interface Props {
  course: CourseJson;
  outline: OutlineJson;
  categories: CategoryJson[];
  canChooseInstructors: boolean;
  initialTab: EditorTab;
}

/** The course editor: Details, Outline and Enrollments tabs; the chosen tab is kept in the URL (?tab=). */
export function CourseEditor({ course, outline, categories, canChooseInstructors, initialTab }: Props) {
  const [tab, setTab] = useState<EditorTab>(initialTab);
  const select = (next: EditorTab) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set("tab", next);
    window.history.replaceState(null, "", url);
  };
  // Panels stay mounted once shown, so switching tabs keeps unsaved form input and the loaded lists.
  const [seen, setSeen] = useState<ReadonlySet<EditorTab>>(() => new Set([initialTab]));
  const panels: Record<EditorTab, ReactNode> = {
    details: <CourseDetails course={course} categories={categories} canChooseInstructors={canChooseInstructors} />,
    outline: <OutlineEditor courseId={course.id} initial={outline} />,
    enrollments: <EnrollmentsPanel courseId={course.id} />,
  };
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, next: EditorTab) => {
            setSeen((s) => new Set(s).add(next));
            select(next);
          }}
          aria-label="Course editor"
        >
          {EDITOR_TABS.map((t) => (
            <Tab key={t} value={t} label={LABELS[t]} id={`tab-${t}`} aria-controls={`panel-${t}`} />
          ))}
        </Tabs>
      </Box>
      {EDITOR_TABS.map((t) => (
        <div key={t} role="tabpanel" id={`panel-${t}`} aria-labelledby={`tab-${t}`} hidden={tab !== t}>
          {seen.has(t) && panels[t]}
        </div>
      ))}
    </>
  );
}
