-- Trigram matching for the user list's search (ILIKE '%…%'); trusted since PostgreSQL 13, so no superuser is needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "User_organizationId_lastName_firstName_id_idx" ON "User"("organizationId", "lastName", "firstName", "id");

-- CreateIndex
CREATE INDEX "User_organizationId_lastLoginAt_idx" ON "User"("organizationId", "lastLoginAt");

-- CreateIndex
CREATE INDEX "User_firstName_idx" ON "User" USING GIN ("firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_lastName_idx" ON "User" USING GIN ("lastName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_idx" ON "User" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_username_idx" ON "User" USING GIN ("username" gin_trgm_ops);
