"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { RichText } from "@/components/learning/rich-text";
import { formatNumber } from "@/components/quizzes/format";
import { TextLink } from "@/components/navigation/link-components";
import { QuizGradingForm } from "@/components/quizzes/quiz-grading-form";
import { responseText } from "@/components/quizzes/quiz-grading-response";
import type { GradedAnswerJson } from "@/lib/server/quizzes/grading";
import type { GradingAttempt, GradingQuestion, RubricCriterion } from "@/lib/server/quizzes/grading-view";

const marks = formatNumber;

/** One submitted attempt, question by question: essays to grade, automatic grades to override. */
export function QuizGradingAttempt({ attempt }: { attempt: GradingAttempt }) {
  const [questions, setQuestions] = useState(attempt.questions);
  const [state, setState] = useState(attempt.state);
  const [score, setScore] = useState(attempt.score);
  const queue = `/admin/courses/${attempt.course_id}/grading`;

  const graded = (question: GradingQuestion, answer: GradedAnswerJson, comment: string) => {
    setQuestions((list) =>
      list.map((q) =>
        q.position === question.position ? { ...q, grade: { marks: answer.marks, comment }, waiting: false } : q,
      ),
    );
    setState(answer.state);
    setScore(answer.score);
  };

  return (
    <Stack spacing={2}>
      {state === "in_progress" && (
        <Alert severity="info">This attempt is still being taken: grade it once the learner submits it.</Alert>
      )}
      {state === "graded" && attempt.state === "needs_grading" && (
        <Alert severity="success" role="status">
          All answers are graded: the attempt has left the grading queue.{" "}
          <TextLink href={queue}>Back to the queue</TextLink>
        </Alert>
      )}
      <Typography>
        {state === "needs_grading"
          ? `Score so far: ${marks(score ?? 0)} of ${marks(attempt.max_score)} (answers still to grade count as 0)`
          : score === null
            ? `Worth ${marks(attempt.max_score)} marks`
            : `Score: ${marks(score)} of ${marks(attempt.max_score)}`}
      </Typography>
      {questions.map((question) => (
        <QuestionCard
          key={question.position}
          attemptId={attempt.id}
          question={question}
          gradable={state !== "in_progress"}
          onGraded={(answer, comment) => graded(question, answer, comment)}
        />
      ))}
    </Stack>
  );
}

function QuestionCard({
  attemptId,
  question,
  gradable,
  onGraded,
}: {
  attemptId: string;
  question: GradingQuestion;
  gradable: boolean;
  onGraded: (answer: GradedAnswerJson, comment: string) => void;
}) {
  const [overriding, setOverriding] = useState(false);
  const headingId = `grading-question-${question.position}`;
  const isEssay = question.type === "essay";
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography id={headingId} variant="h6" component="h2">
          {`Question ${question.position}: ${question.name}`}
        </Typography>
        <Chip size="small" variant="outlined" label={`Worth ${marks(question.mark)}`} />
        <Chip
          size="small"
          color={question.waiting ? "warning" : "default"}
          label={
            question.waiting
              ? "Waiting for a grade"
              : question.grade
                ? `Graded by a person: ${marks(question.grade.marks)}`
                : `Graded automatically: ${marks(question.automatic_marks ?? 0)}`
          }
        />
      </Stack>
      <RichText html={question.question.stem} />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Answer
      </Typography>
      <Box
        sx={{ whiteSpace: "pre-wrap", p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}
        aria-label={`Answer to question ${question.position}`}
        role="group"
      >
        {responseText(question.question, question.response)}
      </Box>
      {isEssay && question.grader_info && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Guidance for graders
          </Typography>
          <RichText html={question.grader_info} />
        </>
      )}
      {question.rubric && <Rubric criteria={question.rubric} />}
      {question.grade?.comment && (
        <Typography variant="body2" sx={{ mt: 1 }}>{`Comment: ${question.grade.comment}`}</Typography>
      )}
      {gradable && (isEssay || question.waiting || overriding) ? (
        <QuizGradingForm
          attemptId={attemptId}
          question={question}
          submitLabel={isEssay || question.waiting ? "Save grade" : "Save override"}
          onGraded={(answer, comment) => {
            setOverriding(false);
            onGraded(answer, comment);
          }}
          onCancel={!isEssay && !question.waiting ? () => setOverriding(false) : undefined}
        />
      ) : (
        gradable && (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setOverriding(true)}>
            {`Override the grade of question ${question.position}`}
          </Button>
        )
      )}
    </Paper>
  );
}

function Rubric({ criteria }: { criteria: RubricCriterion[] }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Rubric
      </Typography>
      <Table size="small" aria-label="Rubric">
        <TableHead>
          <TableRow>
            <TableCell>Criterion</TableCell>
            <TableCell>Levels (points)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {criteria.map((c) => (
            <TableRow key={c.id}>
              <TableCell>{c.description}</TableCell>
              <TableCell>{c.levels.map((l) => `${l.description} (${marks(l.points)})`).join("; ")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
