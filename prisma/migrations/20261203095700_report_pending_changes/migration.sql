-- Changes of lesson progress and enrollments a transaction made, waiting to be added to the report
-- summaries as it commits (report.fold_pending in lib/server/reports/summaries.sql). Empty outside a
-- transaction that writes progress. A schema of its own, outside what prisma/schema.prisma describes: the
-- summaries' deferred trigger on it is a constraint trigger, which the schema engine does not read.
CREATE SCHEMA report_pending;

CREATE TABLE report_pending."change" (
  "id" BIGSERIAL PRIMARY KEY,
  -- The writing transaction: a fold takes its own transaction's rows only.
  "txid" BIGINT NOT NULL DEFAULT txid_current(),
  -- 'progress' (report.progress rows added and removed) or 'enrollments' (report.enrollment rows, signed).
  "kind" TEXT NOT NULL,
  "added" JSONB NOT NULL,
  "removed" JSONB,
  -- An enrollment's last access moved back: the learners' last activity is read again.
  "earlier" BOOLEAN NOT NULL DEFAULT false
);

CREATE INDEX "change_txid_idx" ON report_pending."change" ("txid");
