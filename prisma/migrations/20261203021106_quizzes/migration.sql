-- CreateEnum
CREATE TYPE "QuizGradingMethod" AS ENUM ('highest', 'last', 'average');

-- CreateEnum
CREATE TYPE "QuizReviewTiming" AS ENUM ('immediately', 'after_submission', 'after_close', 'never');

-- CreateEnum
CREATE TYPE "QuizSlotKind" AS ENUM ('fixed', 'random');

-- CreateEnum
CREATE TYPE "QuizAttemptState" AS ENUM ('in_progress', 'submitted', 'graded', 'needs_grading');

-- AlterEnum
ALTER TYPE "LessonKind" ADD VALUE 'quiz';

-- CreateTable
CREATE TABLE "Quiz" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "courseId" UUID NOT NULL,
    "lessonId" UUID NOT NULL,
    "timeLimitSeconds" INTEGER,
    "maxAttempts" INTEGER,
    "gradingMethod" "QuizGradingMethod" NOT NULL DEFAULT 'highest',
    "passMarkPercent" DOUBLE PRECISION,
    "shuffleAnswers" BOOLEAN NOT NULL DEFAULT true,
    "questionsPerPage" INTEGER NOT NULL DEFAULT 0,
    "reviewMarks" "QuizReviewTiming" NOT NULL DEFAULT 'after_submission',
    "reviewCorrectAnswers" "QuizReviewTiming" NOT NULL DEFAULT 'after_submission',
    "reviewFeedback" "QuizReviewTiming" NOT NULL DEFAULT 'after_submission',
    "opensAt" TIMESTAMP(3),
    "closesAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Quiz_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizSlot" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "quizId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" "QuizSlotKind" NOT NULL,
    "questionId" UUID,
    "questionVersion" INTEGER,
    "bankId" UUID,
    "includeSubBanks" BOOLEAN NOT NULL DEFAULT false,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "drawCount" INTEGER NOT NULL DEFAULT 1,
    "mark" DOUBLE PRECISION NOT NULL DEFAULT 1,

    CONSTRAINT "QuizSlot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizAttempt" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "quizId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "state" "QuizAttemptState" NOT NULL DEFAULT 'in_progress',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deadline" TIMESTAMP(3),
    "submittedAt" TIMESTAMP(3),
    "score" DOUBLE PRECISION,
    "maxScore" DOUBLE PRECISION NOT NULL,
    "sessionGeneration" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuizAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizAttemptQuestion" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "attemptId" UUID NOT NULL,
    "slotId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "page" INTEGER NOT NULL,
    "questionVersionId" UUID NOT NULL,
    "displayOrder" JSONB NOT NULL DEFAULT '{}',
    "maxMark" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "QuizAttemptQuestion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizAnswer" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "attemptQuestionId" UUID NOT NULL,
    "response" JSONB NOT NULL,
    "sequence" INTEGER NOT NULL,
    "savedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fraction" DOUBLE PRECISION,
    "marks" DOUBLE PRECISION,
    "overrideMarks" DOUBLE PRECISION,
    "overrideComment" TEXT,
    "overriddenById" UUID,
    "overriddenAt" TIMESTAMP(3),

    CONSTRAINT "QuizAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Quiz_organizationId_id_key" ON "Quiz"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Quiz_organizationId_courseId_lessonId_key" ON "Quiz"("organizationId", "courseId", "lessonId");

-- CreateIndex
CREATE UNIQUE INDEX "QuizSlot_organizationId_id_key" ON "QuizSlot"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "QuizSlot_quizId_position_key" ON "QuizSlot"("quizId", "position");

-- CreateIndex
CREATE INDEX "QuizAttempt_state_deadline_idx" ON "QuizAttempt"("state", "deadline");

-- CreateIndex
CREATE UNIQUE INDEX "QuizAttempt_organizationId_id_key" ON "QuizAttempt"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "QuizAttempt_quizId_userId_number_key" ON "QuizAttempt"("quizId", "userId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "QuizAttemptQuestion_organizationId_id_key" ON "QuizAttemptQuestion"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "QuizAttemptQuestion_attemptId_position_key" ON "QuizAttemptQuestion"("attemptId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "QuizAnswer_organizationId_id_key" ON "QuizAnswer"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "QuizAnswer_organizationId_attemptQuestionId_key" ON "QuizAnswer"("organizationId", "attemptQuestionId");

-- AddForeignKey
ALTER TABLE "Quiz" ADD CONSTRAINT "Quiz_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Quiz" ADD CONSTRAINT "Quiz_organizationId_courseId_lessonId_fkey" FOREIGN KEY ("organizationId", "courseId", "lessonId") REFERENCES "Lesson"("organizationId", "courseId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizSlot" ADD CONSTRAINT "QuizSlot_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizSlot" ADD CONSTRAINT "QuizSlot_organizationId_quizId_fkey" FOREIGN KEY ("organizationId", "quizId") REFERENCES "Quiz"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizSlot" ADD CONSTRAINT "QuizSlot_organizationId_questionId_fkey" FOREIGN KEY ("organizationId", "questionId") REFERENCES "Question"("organizationId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizSlot" ADD CONSTRAINT "QuizSlot_organizationId_bankId_fkey" FOREIGN KEY ("organizationId", "bankId") REFERENCES "QuestionBank"("organizationId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAttempt" ADD CONSTRAINT "QuizAttempt_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAttempt" ADD CONSTRAINT "QuizAttempt_organizationId_quizId_fkey" FOREIGN KEY ("organizationId", "quizId") REFERENCES "Quiz"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAttempt" ADD CONSTRAINT "QuizAttempt_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAttemptQuestion" ADD CONSTRAINT "QuizAttemptQuestion_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAttemptQuestion" ADD CONSTRAINT "QuizAttemptQuestion_organizationId_attemptId_fkey" FOREIGN KEY ("organizationId", "attemptId") REFERENCES "QuizAttempt"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAttemptQuestion" ADD CONSTRAINT "QuizAttemptQuestion_organizationId_questionVersionId_fkey" FOREIGN KEY ("organizationId", "questionVersionId") REFERENCES "QuestionVersion"("organizationId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAnswer" ADD CONSTRAINT "QuizAnswer_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAnswer" ADD CONSTRAINT "QuizAnswer_organizationId_attemptQuestionId_fkey" FOREIGN KEY ("organizationId", "attemptQuestionId") REFERENCES "QuizAttemptQuestion"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAnswer" ADD CONSTRAINT "QuizAnswer_organizationId_overriddenById_fkey" FOREIGN KEY ("organizationId", "overriddenById") REFERENCES "User"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
