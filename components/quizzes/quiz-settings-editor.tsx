"use client";

import { useState } from "react";
import { QuizSettingsForm } from "@/components/quizzes/quiz-settings-form";
import { QuizSettingsRegrade } from "@/components/quizzes/quiz-settings-regrade";
import type { SlotNames } from "@/components/quizzes/quiz-settings-values";
import type { QuizJson } from "@/lib/server/quizzes/settings";

/** The quiz settings page's client part: the form, and regrading once the quiz exists. */
export function QuizSettingsEditor({
  courseId,
  lessonId,
  lessonTitle,
  quiz,
  names,
}: {
  courseId: string;
  lessonId: string;
  lessonTitle: string;
  quiz: QuizJson | null;
  names: SlotNames;
}) {
  const [saved, setSaved] = useState(quiz !== null);
  return (
    <>
      <QuizSettingsForm
        courseId={courseId}
        lessonId={lessonId}
        quiz={quiz}
        names={names}
        onSaved={() => setSaved(true)}
      />
      <QuizSettingsRegrade courseId={courseId} lessonId={lessonId} lessonTitle={lessonTitle} disabled={!saved} />
    </>
  );
}
