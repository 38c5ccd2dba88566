-- AlterEnum
ALTER TYPE "LessonKind" ADD VALUE 'cmi5';

-- CreateTable
CREATE TABLE "Cmi5Course" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "lessonId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "publisherId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "storagePrefix" TEXT,
    "structure" JSONB NOT NULL,
    "auCount" INTEGER NOT NULL,
    "uploadedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Cmi5Course_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cmi5Registration" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "courseId" UUID NOT NULL,
    "userId" UUID,
    "actor" JSONB NOT NULL,
    "actorKey" TEXT NOT NULL,
    "auStates" JSONB NOT NULL DEFAULT '{}',
    "satisfied" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cmi5Registration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cmi5Session" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "registrationId" UUID NOT NULL,
    "auIndex" INTEGER NOT NULL,
    "launchMode" TEXT NOT NULL,
    "fetchTokenHash" TEXT,
    "fetchedAt" TIMESTAMP(3),
    "authSecretHash" TEXT,
    "authExpiresAt" TIMESTAMP(3),
    "launchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "initializedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "passedAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "terminatedAt" TIMESTAMP(3),
    "abandonedAt" TIMESTAMP(3),
    "lastStatementAt" TIMESTAMP(3),
    "preferencesReadAt" TIMESTAMP(3),

    CONSTRAINT "Cmi5Session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Cmi5Course_organizationId_id_key" ON "Cmi5Course"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Cmi5Course_lessonId_version_key" ON "Cmi5Course"("lessonId", "version");

-- CreateIndex
CREATE INDEX "Cmi5Registration_organizationId_courseId_actorKey_idx" ON "Cmi5Registration"("organizationId", "courseId", "actorKey");

-- CreateIndex
CREATE UNIQUE INDEX "Cmi5Registration_organizationId_id_key" ON "Cmi5Registration"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Cmi5Session_fetchTokenHash_key" ON "Cmi5Session"("fetchTokenHash");

-- CreateIndex
CREATE INDEX "Cmi5Session_organizationId_registrationId_auIndex_launchedA_idx" ON "Cmi5Session"("organizationId", "registrationId", "auIndex", "launchedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Cmi5Session_organizationId_id_key" ON "Cmi5Session"("organizationId", "id");

-- AddForeignKey
ALTER TABLE "Cmi5Course" ADD CONSTRAINT "Cmi5Course_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cmi5Course" ADD CONSTRAINT "Cmi5Course_organizationId_lessonId_fkey" FOREIGN KEY ("organizationId", "lessonId") REFERENCES "Lesson"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cmi5Registration" ADD CONSTRAINT "Cmi5Registration_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cmi5Registration" ADD CONSTRAINT "Cmi5Registration_organizationId_courseId_fkey" FOREIGN KEY ("organizationId", "courseId") REFERENCES "Cmi5Course"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cmi5Registration" ADD CONSTRAINT "Cmi5Registration_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cmi5Session" ADD CONSTRAINT "Cmi5Session_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cmi5Session" ADD CONSTRAINT "Cmi5Session_organizationId_registrationId_fkey" FOREIGN KEY ("organizationId", "registrationId") REFERENCES "Cmi5Registration"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
