-- CreateEnum
CREATE TYPE "QuestionImportStatus" AS ENUM ('checking', 'checked', 'running', 'completed', 'failed');

-- CreateTable
CREATE TABLE "QuestionImport" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "bankId" UUID NOT NULL,
    "createdById" UUID NOT NULL,
    "createdByRole" "Role" NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "status" "QuestionImportStatus" NOT NULL DEFAULT 'checking',
    "refusals" JSONB NOT NULL,
    "report" JSONB,
    "totalQuestions" INTEGER NOT NULL,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "banksCreated" INTEGER NOT NULL DEFAULT 0,
    "questionsCreated" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "jobId" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuestionImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuestionImportItem" (
    "organizationId" UUID NOT NULL,
    "importId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "categoryPath" JSONB NOT NULL,
    "content" JSONB NOT NULL,
    "source" JSONB NOT NULL,
    "notes" JSONB NOT NULL,
    "refusedReason" TEXT,
    "questionId" UUID,
    "importedAt" TIMESTAMP(3),

    CONSTRAINT "QuestionImportItem_pkey" PRIMARY KEY ("importId","position")
);

-- CreateIndex
CREATE UNIQUE INDEX "QuestionImport_organizationId_id_key" ON "QuestionImport"("organizationId", "id");

-- CreateIndex
CREATE INDEX "QuestionImport_organizationId_bankId_createdAt_idx" ON "QuestionImport"("organizationId", "bankId", "createdAt");

-- AddForeignKey
ALTER TABLE "QuestionImport" ADD CONSTRAINT "QuestionImport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionImport" ADD CONSTRAINT "QuestionImport_organizationId_bankId_fkey" FOREIGN KEY ("organizationId", "bankId") REFERENCES "QuestionBank"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionImportItem" ADD CONSTRAINT "QuestionImportItem_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionImportItem" ADD CONSTRAINT "QuestionImportItem_organizationId_importId_fkey" FOREIGN KEY ("organizationId", "importId") REFERENCES "QuestionImport"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
