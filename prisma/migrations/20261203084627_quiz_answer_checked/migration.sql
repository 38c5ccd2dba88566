-- AlterTable
ALTER TABLE "QuizAnswer" ADD COLUMN     "checkedAt" TIMESTAMP(3);
