-- AlterTable
ALTER TABLE "ScormPackage" ADD COLUMN     "scoCount" INTEGER NOT NULL DEFAULT 0;
