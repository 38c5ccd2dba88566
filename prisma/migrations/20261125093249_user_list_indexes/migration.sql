-- The user administration's list at 50,000 people (lib/server/users/user-list-sql.ts).

-- Sorted by name or by last sign-in: walk an index and stop after a page.
CREATE INDEX "User_organizationId_lastName_firstName_id_idx" ON "User"("organizationId", "lastName", "firstName", "id");

CREATE INDEX "User_organizationId_lastLoginAt_idx" ON "User"("organizationId", "lastLoginAt");

-- Searched anywhere in names, e-mail and username (LIKE '%…%'): one trigram index over the four together,
-- led by the organization (btree_gin lets a GIN index hold the uuid), so a search reads only its own
-- organization's matches and rechecks one expression. Both extensions ship with PostgreSQL and are
-- trusted (no superuser needed). Prisma cannot describe an expression index, so it lives here only;
-- Prisma's diff leaves such indexes alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX "User_search_idx" ON "User" USING GIN ("organizationId", (lower("firstName" || ' ' || "lastName" || ' ' || "email" || ' ' || "username")) gin_trgm_ops);
