-- AlterTable
ALTER TABLE "ScormScoState" ADD COLUMN     "activityAttempt" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "activityStartSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ScormScoAttempt" (
    "organizationId" UUID NOT NULL,
    "attemptId" UUID NOT NULL,
    "scoId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "completionStatus" TEXT NOT NULL,
    "successStatus" TEXT NOT NULL,
    "scoreRaw" DOUBLE PRECISION,
    "scoreMin" DOUBLE PRECISION,
    "scoreMax" DOUBLE PRECISION,
    "scoreScaled" DOUBLE PRECISION,
    "progressMeasure" DOUBLE PRECISION,
    "timeSeconds" DOUBLE PRECISION NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "ScormScoAttempt_pkey" PRIMARY KEY ("organizationId","attemptId","scoId","number")
);

-- AddForeignKey
ALTER TABLE "ScormScoAttempt" ADD CONSTRAINT "ScormScoAttempt_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScormScoAttempt" ADD CONSTRAINT "ScormScoAttempt_organizationId_attemptId_fkey" FOREIGN KEY ("organizationId", "attemptId") REFERENCES "ScormAttempt"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
