-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "certificateReminderDays" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "certificateTemplateId" UUID,
ADD COLUMN     "certificateValidityMonths" INTEGER,
ADD COLUMN     "recertifyAutomatically" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Enrollment" ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "CertificateTemplate" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "design" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CertificateTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Certificate" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "courseId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "enrollmentId" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "issue" INTEGER NOT NULL DEFAULT 0,
    "code" TEXT NOT NULL,
    "learnerName" TEXT NOT NULL,
    "courseTitle" TEXT NOT NULL,
    "organizationName" TEXT NOT NULL,
    "completedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "score" INTEGER,
    "design" JSONB NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    "revokedReason" TEXT,
    "remindedAt" TIMESTAMP(3),

    CONSTRAINT "Certificate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EnrollmentRound" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "courseId" UUID NOT NULL,
    "enrollmentId" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "status" "EnrollmentStatus" NOT NULL,
    "progressPercent" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "lessons" JSONB NOT NULL,
    "archivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EnrollmentRound_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CertificateTemplate_organizationId_name_idx" ON "CertificateTemplate"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "CertificateTemplate_organizationId_id_key" ON "CertificateTemplate"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Certificate_code_key" ON "Certificate"("code");

-- CreateIndex
CREATE INDEX "Certificate_organizationId_userId_issuedAt_idx" ON "Certificate"("organizationId", "userId", "issuedAt");

-- CreateIndex
CREATE INDEX "Certificate_organizationId_courseId_expiresAt_idx" ON "Certificate"("organizationId", "courseId", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Certificate_organizationId_id_key" ON "Certificate"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Certificate_organizationId_enrollmentId_round_issue_key" ON "Certificate"("organizationId", "enrollmentId", "round", "issue");

-- CreateIndex
CREATE UNIQUE INDEX "EnrollmentRound_organizationId_id_key" ON "EnrollmentRound"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "EnrollmentRound_enrollmentId_round_key" ON "EnrollmentRound"("enrollmentId", "round");

-- AddForeignKey
ALTER TABLE "Course" ADD CONSTRAINT "Course_organizationId_certificateTemplateId_fkey" FOREIGN KEY ("organizationId", "certificateTemplateId") REFERENCES "CertificateTemplate"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CertificateTemplate" ADD CONSTRAINT "CertificateTemplate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_organizationId_courseId_fkey" FOREIGN KEY ("organizationId", "courseId") REFERENCES "Course"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EnrollmentRound" ADD CONSTRAINT "EnrollmentRound_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EnrollmentRound" ADD CONSTRAINT "EnrollmentRound_organizationId_courseId_enrollmentId_fkey" FOREIGN KEY ("organizationId", "courseId", "enrollmentId") REFERENCES "Enrollment"("organizationId", "courseId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
