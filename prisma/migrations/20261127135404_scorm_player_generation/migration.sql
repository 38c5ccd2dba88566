-- AlterTable
ALTER TABLE "ScormAttempt" ADD COLUMN     "playerGeneration" INTEGER NOT NULL DEFAULT 0;
