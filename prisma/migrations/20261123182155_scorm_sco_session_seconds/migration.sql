-- AlterTable
ALTER TABLE "ScormScoState" ADD COLUMN     "sessionSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0;
