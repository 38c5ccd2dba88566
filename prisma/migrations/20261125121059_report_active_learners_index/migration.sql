-- Reports: an instructor's active learners (last 7 / 30 days) are counted from this index alone (the learner
-- is in it), instead of reading each enrollment of their courses.

-- DropIndex
DROP INDEX "Enrollment_courseId_lastAccessedAt_idx";

-- CreateIndex
CREATE INDEX "Enrollment_courseId_lastAccessedAt_userId_idx" ON "Enrollment"("courseId", "lastAccessedAt", "userId");
