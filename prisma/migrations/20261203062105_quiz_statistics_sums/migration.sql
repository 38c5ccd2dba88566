-- AlterTable
ALTER TABLE "QuizAttempt" ADD COLUMN     "countedScore" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "QuizAttemptQuestion" ADD COLUMN     "countedMark" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "QuizQuestionSums" (
    "organizationId" UUID NOT NULL,
    "quizId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "shard" SMALLINT NOT NULL,
    "firstPosition" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL,
    "answered" INTEGER NOT NULL,
    "share" DECIMAL NOT NULL,
    "shareSquares" DECIMAL NOT NULL,
    "mark" DECIMAL NOT NULL,
    "markSquares" DECIMAL NOT NULL,
    "rest" DECIMAL NOT NULL,
    "restSquares" DECIMAL NOT NULL,
    "markRest" DECIMAL NOT NULL,

    CONSTRAINT "QuizQuestionSums_pkey" PRIMARY KEY ("organizationId","quizId","questionId","shard")
);

-- CreateTable
CREATE TABLE "QuizOptionCount" (
    "organizationId" UUID NOT NULL,
    "quizId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "option" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "QuizOptionCount_pkey" PRIMARY KEY ("organizationId","quizId","questionId","option","shard")
);

-- CreateTable
CREATE TABLE "QuizScoreSums" (
    "organizationId" UUID NOT NULL,
    "quizId" UUID NOT NULL,
    "shard" SMALLINT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "share" DECIMAL NOT NULL,

    CONSTRAINT "QuizScoreSums_pkey" PRIMARY KEY ("organizationId","quizId","shard")
);

-- AddForeignKey
ALTER TABLE "QuizQuestionSums" ADD CONSTRAINT "QuizQuestionSums_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizQuestionSums" ADD CONSTRAINT "QuizQuestionSums_organizationId_quizId_fkey" FOREIGN KEY ("organizationId", "quizId") REFERENCES "Quiz"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizOptionCount" ADD CONSTRAINT "QuizOptionCount_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizOptionCount" ADD CONSTRAINT "QuizOptionCount_organizationId_quizId_fkey" FOREIGN KEY ("organizationId", "quizId") REFERENCES "Quiz"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizScoreSums" ADD CONSTRAINT "QuizScoreSums_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizScoreSums" ADD CONSTRAINT "QuizScoreSums_organizationId_quizId_fkey" FOREIGN KEY ("organizationId", "quizId") REFERENCES "Quiz"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
