/*
  Warnings:

  - A unique constraint covering the columns `[icalFeedKey]` on the table `User` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "dueOn" DATE,
ADD COLUMN     "endsOn" DATE,
ADD COLUMN     "startsOn" DATE;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "rrule" TEXT,
ADD COLUMN     "seriesEndsAt" TIMESTAMP(3),
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "icalFeedKey" TEXT,
ADD COLUMN     "timeZone" TEXT;

-- CreateIndex
CREATE INDEX "Event_organizationId_courseId_idx" ON "Event"("organizationId", "courseId");

-- CreateIndex
CREATE INDEX "Event_organizationId_groupId_idx" ON "Event"("organizationId", "groupId");

-- CreateIndex
CREATE UNIQUE INDEX "User_icalFeedKey_key" ON "User"("icalFeedKey");

-- Events made before recurrence existed end with their only occurrence.
UPDATE "Event" SET "seriesEndsAt" = "endsAt" WHERE "rrule" IS NULL;
