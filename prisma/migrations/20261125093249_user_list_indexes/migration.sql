-- The user administration's list at 50,000 people (lib/server/users/user-list-sql.ts).

-- Sorted by name or by last sign-in: walk an index and stop after a page.
CREATE INDEX "User_organizationId_lastName_firstName_id_idx" ON "User"("organizationId", "lastName", "firstName", "id");

CREATE INDEX "User_organizationId_lastLoginAt_idx" ON "User"("organizationId", "lastLoginAt");

-- Searched anywhere in names, e-mail and username (LIKE '%…%'): one trigram index over the four together,
-- so a search rechecks one expression. pg_trgm ships with PostgreSQL and is trusted (no superuser
-- needed). Prisma cannot describe an expression index, so it lives here only; Prisma's diff leaves such
-- indexes alone. (Leading it with the organization needs btree_gin, which doubled the time Prisma's
-- schema engine takes to introspect a database: see docs/benchmarks.md.)
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "User_search_idx" ON "User" USING GIN ((lower("firstName" || ' ' || "lastName" || ' ' || "email" || ' ' || "username")) gin_trgm_ops);
