-- CreateEnum
CREATE TYPE "QuestionType" AS ENUM ('single_choice', 'multiple_response', 'true_false', 'short_answer', 'numeric', 'matching', 'ordering', 'fill_in_blanks', 'essay');

-- CreateTable
CREATE TABLE "QuestionBank" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "parentId" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuestionBank_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Question" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "bankId" UUID NOT NULL,
    "type" "QuestionType" NOT NULL,
    "name" TEXT NOT NULL,
    "currentVersion" INTEGER NOT NULL DEFAULT 1,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "archivedAt" TIMESTAMP(3),
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Question_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuestionVersion" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "type" "QuestionType" NOT NULL,
    "name" TEXT NOT NULL,
    "stem" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "defaultMark" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "generalFeedback" TEXT NOT NULL DEFAULT '',
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuestionVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "QuestionBank_organizationId_id_key" ON "QuestionBank"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "QuestionBank_organizationId_parentId_name_key" ON "QuestionBank"("organizationId", "parentId", "name");

-- CreateIndex
CREATE INDEX "Question_organizationId_bankId_name_id_idx" ON "Question"("organizationId", "bankId", "name", "id");

-- CreateIndex
CREATE INDEX "Question_tags_idx" ON "Question" USING GIN ("tags");

-- CreateIndex
CREATE UNIQUE INDEX "Question_organizationId_id_key" ON "Question"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "QuestionVersion_organizationId_id_key" ON "QuestionVersion"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "QuestionVersion_organizationId_questionId_version_key" ON "QuestionVersion"("organizationId", "questionId", "version");

-- AddForeignKey
ALTER TABLE "QuestionBank" ADD CONSTRAINT "QuestionBank_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionBank" ADD CONSTRAINT "QuestionBank_organizationId_parentId_fkey" FOREIGN KEY ("organizationId", "parentId") REFERENCES "QuestionBank"("organizationId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionBank" ADD CONSTRAINT "QuestionBank_organizationId_createdById_fkey" FOREIGN KEY ("organizationId", "createdById") REFERENCES "User"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_organizationId_bankId_fkey" FOREIGN KEY ("organizationId", "bankId") REFERENCES "QuestionBank"("organizationId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_organizationId_createdById_fkey" FOREIGN KEY ("organizationId", "createdById") REFERENCES "User"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionVersion" ADD CONSTRAINT "QuestionVersion_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionVersion" ADD CONSTRAINT "QuestionVersion_organizationId_questionId_fkey" FOREIGN KEY ("organizationId", "questionId") REFERENCES "Question"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuestionVersion" ADD CONSTRAINT "QuestionVersion_organizationId_createdById_fkey" FOREIGN KEY ("organizationId", "createdById") REFERENCES "User"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Top-level banks are siblings too, but NULL parents are distinct in the unique index above: this one
-- keeps their names unique (Prisma's schema cannot state a partial index).
CREATE UNIQUE INDEX "QuestionBank_organizationId_top_level_name_key" ON "QuestionBank"("organizationId", "name") WHERE "parentId" IS NULL;
