"use client";

import dynamic from "next/dynamic";

/** The quiz, loaded only by the lessons that show it (a text lesson's page carries none of its code, nor MUI's). */
export const QuizLessonLoader = dynamic(() =>
  import("@/components/quizzes/themed-quiz-lesson").then((m) => m.ThemedQuizLesson),
);
