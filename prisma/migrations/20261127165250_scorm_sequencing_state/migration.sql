-- AlterTable
ALTER TABLE "ScormAttempt" ADD COLUMN     "endedAt" TIMESTAMP(3),
ADD COLUMN     "sequencingSequence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sequencingState" JSONB;
