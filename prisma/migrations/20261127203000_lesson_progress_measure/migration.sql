-- AlterTable
ALTER TABLE "LessonProgress" ADD COLUMN "progressMeasure" DOUBLE PRECISION;
