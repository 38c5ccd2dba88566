-- A learner's cmi5 registrations (the reports) and the open sessions the timeout job looks for.
CREATE INDEX "Cmi5Registration_organizationId_courseId_userId_idx" ON "Cmi5Registration"("organizationId", "courseId", "userId");
CREATE INDEX "Cmi5Session_terminatedAt_abandonedAt_launchedAt_idx" ON "Cmi5Session"("terminatedAt", "abandonedAt", "launchedAt");
