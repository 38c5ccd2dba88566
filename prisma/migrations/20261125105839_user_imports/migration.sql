-- CreateEnum
CREATE TYPE "UserImportStatus" AS ENUM ('receiving', 'uploaded', 'checking', 'checked', 'running', 'completed', 'cancelled', 'failed');

-- CreateTable
CREATE TABLE "UserImport" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdById" UUID NOT NULL,
    "createdByRole" "Role" NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "encoding" TEXT NOT NULL,
    "delimiter" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "mapping" JSONB NOT NULL,
    "status" "UserImportStatus" NOT NULL DEFAULT 'uploaded',
    "totalRows" INTEGER NOT NULL,
    "checkedAt" TIMESTAMP(3),
    "checkCreate" INTEGER,
    "checkUpdate" INTEGER,
    "checkUnchanged" INTEGER,
    "checkReject" INTEGER,
    "processedRows" INTEGER NOT NULL DEFAULT 0,
    "phaseStartedAt" TIMESTAMP(3),
    "createdCount" INTEGER NOT NULL DEFAULT 0,
    "updatedCount" INTEGER NOT NULL DEFAULT 0,
    "unchangedCount" INTEGER NOT NULL DEFAULT 0,
    "rejectedCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "jobId" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserImportRow" (
    "organizationId" UUID NOT NULL,
    "importId" UUID NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "cells" JSONB NOT NULL,
    "checkOutcome" TEXT,
    "checkReason" TEXT,
    "outcome" TEXT,
    "reason" TEXT,
    "userId" UUID,
    "appliedAt" TIMESTAMP(3),
    "invite" BOOLEAN NOT NULL DEFAULT false,
    "invitedAt" TIMESTAMP(3),

    CONSTRAINT "UserImportRow_pkey" PRIMARY KEY ("importId","rowNumber")
);

-- CreateTable
CREATE TABLE "UserImportMapping" (
    "organizationId" UUID NOT NULL,
    "mapping" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserImportMapping_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE INDEX "UserImport_organizationId_createdAt_idx" ON "UserImport"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "UserImport_createdAt_idx" ON "UserImport"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "UserImport_organizationId_id_key" ON "UserImport"("organizationId", "id");

-- CreateIndex
CREATE INDEX "UserImportRow_importId_checkOutcome_rowNumber_idx" ON "UserImportRow"("importId", "checkOutcome", "rowNumber");

-- CreateIndex
CREATE INDEX "UserImportRow_importId_outcome_rowNumber_idx" ON "UserImportRow"("importId", "outcome", "rowNumber");

-- AddForeignKey
ALTER TABLE "UserImport" ADD CONSTRAINT "UserImport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserImportRow" ADD CONSTRAINT "UserImportRow_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserImportRow" ADD CONSTRAINT "UserImportRow_organizationId_importId_fkey" FOREIGN KEY ("organizationId", "importId") REFERENCES "UserImport"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserImportMapping" ADD CONSTRAINT "UserImportMapping_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
