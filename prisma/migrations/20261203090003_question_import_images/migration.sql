-- AlterTable
ALTER TABLE "QuestionImportItem" ADD COLUMN     "images" JSONB NOT NULL DEFAULT '[]';
