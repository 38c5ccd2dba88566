"use client";

import { AppProviders } from "@/components/providers/app-providers";
import { QuizLesson } from "@/components/quizzes/quiz-lesson";

/** The quiz with the MUI providers it draws with (the lesson page around it has none). */
export function ThemedQuizLesson({
  courseId,
  lessonId,
  nonce,
}: {
  courseId: string;
  lessonId: string;
  nonce: string | undefined;
}) {
  return (
    <AppProviders nonce={nonce}>
      <QuizLesson courseId={courseId} lessonId={lessonId} />
    </AppProviders>
  );
}
