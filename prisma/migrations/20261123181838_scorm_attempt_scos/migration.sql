/*
  Warnings:

  - You are about to drop the column `cmi` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `commitSequence` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `finishedAt` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `location` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `scoId` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `scoreMax` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `scoreMin` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `scoreRaw` on the `ScormAttempt` table. All the data in the column will be lost.
  - You are about to drop the column `suspendData` on the `ScormAttempt` table. All the data in the column will be lost.
  - A unique constraint covering the columns `[enrollmentId,lessonId,attemptNumber]` on the table `ScormAttempt` will be added. If there are existing duplicate values, this will fail.

*/
-- DropIndex
DROP INDEX "ScormAttempt_enrollmentId_lessonId_scoId_attemptNumber_key";

-- AlterTable
ALTER TABLE "ScormAttempt" DROP COLUMN "cmi",
DROP COLUMN "commitSequence",
DROP COLUMN "finishedAt",
DROP COLUMN "location",
DROP COLUMN "scoId",
DROP COLUMN "scoreMax",
DROP COLUMN "scoreMin",
DROP COLUMN "scoreRaw",
DROP COLUMN "suspendData",
ADD COLUMN     "completedAt" TIMESTAMP(3),
ADD COLUMN     "globals" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "globalsSequence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastScoId" TEXT,
ADD COLUMN     "progressMeasure" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "ScormScoState" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "attemptId" UUID NOT NULL,
    "scoId" TEXT NOT NULL,
    "cmi" JSONB NOT NULL DEFAULT '{}',
    "commitSequence" INTEGER NOT NULL DEFAULT 0,
    "completionStatus" TEXT NOT NULL DEFAULT 'not attempted',
    "successStatus" TEXT NOT NULL DEFAULT 'unknown',
    "scoreRaw" DOUBLE PRECISION,
    "scoreMin" DOUBLE PRECISION,
    "scoreMax" DOUBLE PRECISION,
    "scoreScaled" DOUBLE PRECISION,
    "progressMeasure" DOUBLE PRECISION,
    "totalTimeSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "location" TEXT NOT NULL DEFAULT '',
    "suspendData" TEXT NOT NULL DEFAULT '',
    "exit" TEXT NOT NULL DEFAULT '',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastCommittedAt" TIMESTAMP(3),

    CONSTRAINT "ScormScoState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ScormScoState_organizationId_id_key" ON "ScormScoState"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ScormScoState_attemptId_scoId_key" ON "ScormScoState"("attemptId", "scoId");

-- CreateIndex
CREATE UNIQUE INDEX "ScormAttempt_enrollmentId_lessonId_attemptNumber_key" ON "ScormAttempt"("enrollmentId", "lessonId", "attemptNumber");

-- AddForeignKey
ALTER TABLE "ScormScoState" ADD CONSTRAINT "ScormScoState_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScormScoState" ADD CONSTRAINT "ScormScoState_organizationId_attemptId_fkey" FOREIGN KEY ("organizationId", "attemptId") REFERENCES "ScormAttempt"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
