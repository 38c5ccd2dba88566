-- The report summaries: how the database keeps them (the triggers) and how it computes them from
-- scratch (report.rebuild), in one place. docs/architecture.md "Report summaries kept by the database".
--
-- This file is the whole current definition of the schema "report"; migrations carry only what changed.
-- To change it, edit it, then run `npm run db:migration -- <name>`: the tool loads the file into a
-- scratch database migrated so far, compares the schema's types, functions and triggers as the catalog
-- prints them before and after, and writes statements for those that differ and those a difference forces
-- along (server/database/sql-definitions.ts). The test environment refuses a migrated database whose schema
-- differs from this file, and an integration test (test/integration/reports-summaries.int.test.ts) checks
-- on random data that the triggers and the rebuild agree. A change to what a summary means also needs the
-- summaries rebuilt: add `SELECT report.rebuild("id", NULL, NULL, NULL) FROM "Organization";` to that
-- migration, after its statements.
--
-- Re-runnable (the tool loads it; so can psql, to try a change): everything it defines lives in the schema
-- "report", dropped and made again each time (the triggers go with their functions). Composite types,
-- functions and triggers only: the tool carries nothing else.

DROP SCHEMA IF EXISTS report CASCADE;
CREATE SCHEMA report;

-- An enrollment's state in the counters (every enrollment is one of not started, in progress, completed
-- or withdrawn). The reports that count enrollments themselves (with filters the summaries cannot
-- answer: lib/server/reports/sql.ts) use these too. Inlined by the planner.
CREATE FUNCTION report.not_started(status "EnrollmentStatus", progress integer, last_accessed timestamp) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'active' AND progress = 0 AND last_accessed IS NULL
$$;

CREATE FUNCTION report.in_progress(status "EnrollmentStatus", progress integer, last_accessed timestamp) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'active' AND NOT (progress = 0 AND last_accessed IS NULL)
$$;

-- A lesson's SCORM score as points: scoreScaled × 10,000, an integer, so sums stay exact.
CREATE FUNCTION report.score_points(score double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT round(score * 10000)::integer
$$;

-- ───────────────────────────── The counters ─────────────────────────────
-- The figures every enrollment summary keeps, named here once: ReportCourseStats, ReportLearnerStats,
-- ReportInstructorLearnerStats and ReportGroupStats each have a column of each. What an enrollment counts
-- for, a summary row's counters, adding and comparing them are the functions below. A statement that
-- writes the tables still names the columns where SQL binds them (an INSERT's columns, an UPDATE's
-- targets), and sums them one by one where it adds rows up: an aggregate over this type costs 5 to 15
-- times the built-in sums per row. One that misses a counter fails, since a value of this type has
-- exactly these fields. The functions are inlined by the planner: a statement runs as if it were written
-- out column by column.
CREATE TYPE report.counters AS (
  "enrolled" integer, "notStarted" integer, "inProgress" integer, "completed" integer, "withdrawn" integer,
  "progressSum" bigint, "scoreSum" bigint, "scoreCount" integer, "passed" integer, "failed" integer, "timeSeconds" bigint
);

-- What one enrollment counts for, times `sign` (1 added, -1 taken away): `e` is an Enrollment row or a
-- report.enrollment (the same column names). A set of one row, to be joined (LATERAL) to its enrollment.
CREATE FUNCTION report.enrollment_counters(e anyelement, sign integer) RETURNS SETOF report.counters
LANGUAGE sql IMMUTABLE ROWS 1 AS $$
  SELECT sign, sign * report.not_started(e."status", e."progressPercent", e."lastAccessedAt")::integer,
    sign * report.in_progress(e."status", e."progressPercent", e."lastAccessedAt")::integer,
    sign * (e."status" = 'completed')::integer, sign * (e."status" = 'withdrawn')::integer, sign * e."progressPercent",
    sign * e."lessonScoreSum", sign * e."lessonScoreCount", sign * e."lessonsPassed", sign * e."lessonsFailed", sign * e."lessonTimeSeconds"
$$;

-- A summary row's counters (`r` a row of one of the four tables, or their EXCLUDED row in an upsert):
-- zeros for no row, the missing side of an outer join.
CREATE FUNCTION report.counters_of(r anyelement) RETURNS report.counters LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(coalesce(r."enrolled", 0), coalesce(r."notStarted", 0), coalesce(r."inProgress", 0), coalesce(r."completed", 0),
    coalesce(r."withdrawn", 0), coalesce(r."progressSum", 0), coalesce(r."scoreSum", 0), coalesce(r."scoreCount", 0),
    coalesce(r."passed", 0), coalesce(r."failed", 0), coalesce(r."timeSeconds", 0))::report.counters
$$;

-- a + times × b: every summary row's counters change through this (times -1 subtracts).
CREATE FUNCTION report.add(a report.counters, b report.counters, times integer) RETURNS report.counters LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(a."enrolled" + times * b."enrolled", a."notStarted" + times * b."notStarted", a."inProgress" + times * b."inProgress",
    a."completed" + times * b."completed", a."withdrawn" + times * b."withdrawn", a."progressSum" + times * b."progressSum",
    a."scoreSum" + times * b."scoreSum", a."scoreCount" + times * b."scoreCount", a."passed" + times * b."passed",
    a."failed" + times * b."failed", a."timeSeconds" + times * b."timeSeconds")::report.counters
$$;

-- Field by field, so that it inlines to plain comparisons (a composite's `=` is a function call per row).
CREATE FUNCTION report.same(a report.counters, b report.counters) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT a."enrolled" = b."enrolled" AND a."notStarted" = b."notStarted" AND a."inProgress" = b."inProgress"
    AND a."completed" = b."completed" AND a."withdrawn" = b."withdrawn" AND a."progressSum" = b."progressSum"
    AND a."scoreSum" = b."scoreSum" AND a."scoreCount" = b."scoreCount" AND a."passed" = b."passed"
    AND a."failed" = b."failed" AND a."timeSeconds" = b."timeSeconds"
$$;

CREATE FUNCTION report.is_zero(c report.counters) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT report.same(c, ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::report.counters)
$$;

-- ───────────────────────────── Shards ─────────────────────────────
-- The rows every learner of a course shares (the course's, its days', its lessons', a group's) are split
-- into 8 shards, and a reader sums a key's shards. A change goes to the shard its enrollment's id (or
-- its learner's) hashes to, so a class submitting a quiz at once spreads over 8 rows per key instead of queueing on one:
-- each commit holds its shared rows until its WAL is flushed, and on one row the commits would flush one
-- after the other instead of together. A shard's figures mean nothing alone (a deletion may leave one
-- negative); a rebuild writes each shard's share. A course's, day's and lesson's rows take an
-- enrollment's shard; a group's rows take its member's (a membership has no enrollment).
CREATE FUNCTION report.shard(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (uuid_hash(id) & 7)::smallint
$$;

-- ───────────────────────────── Kept by triggers in every write's transaction ─────────────────────────────
-- Statement-level triggers with transition tables, like the course counters: a bulk insert or a
-- cascading delete is one set-based update per summary table. The rows that changed go to one worker
-- function per source table as arrays of a composite type, so the worker's statements are static
-- (planned once per connection). Every summary is updated in key order (no deadlocks between two
-- statements touching the same rows), and only where its figures change.
-- An Enrollment row carries its lessons' sums (lessonScoreSum, …), so everything above the enrollment is
-- a function of Enrollment rows, and a deleted enrollment takes its lessons' figures with it whatever
-- order a cascade deletes in. The SCORM player's common commit writes ScormAttempt and ScormScoState
-- only, which have no trigger on UPDATE: its hot path is unchanged.
-- `SET lms.report_triggers = off` (report.rebuild below, bulk loads) skips the triggers.

-- An Enrollment row that came (sign 1) or went (sign -1): an update is its old row going and its new one coming.
CREATE TYPE report.enrollment AS (
  "id" uuid, "organizationId" uuid, "courseId" uuid, "userId" uuid, "status" "EnrollmentStatus", "progressPercent" integer,
  "lastAccessedAt" timestamp(3), "enrolledAt" timestamp(3), "completedAt" timestamp(3),
  "lessonScoreSum" integer, "lessonScoreCount" integer, "lessonsPassed" integer, "lessonsFailed" integer, "lessonTimeSeconds" integer,
  "sign" integer
);

CREATE TYPE report.learner AS ("organizationId" uuid, "userId" uuid);

-- The last activity of these learners under each instructor (or only `instructor`'s), read again from
-- the enrollments left in the courses each teaches: after a delete, or a course no longer taught.
CREATE FUNCTION report.reread_instructor_activity(learners report.learner[], instructor uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "ReportInstructorLearnerStats" t SET "lastActivityAt" = (
    SELECT max(e."lastAccessedAt") FROM "Enrollment" e
    JOIN "CourseInstructor" ci ON ci."organizationId" = e."organizationId" AND ci."courseId" = e."courseId" AND ci."userId" = t."instructorId"
    WHERE e."organizationId" = t."organizationId" AND e."userId" = t."userId")
  WHERE (t."organizationId", t."userId") IN (SELECT l."organizationId", l."userId" FROM unnest(learners) l)
    AND (instructor IS NULL OR t."instructorId" = instructor) AND t."lastActivityAt" IS NOT NULL
$$;

CREATE FUNCTION report.apply_enrollments(changes report.enrollment[], deleting boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;

  INSERT INTO "ReportCourseStats" AS t ("organizationId", "courseId", "shard", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
  SELECT s."organizationId", s."courseId", s."shard", (s.c).*
  FROM (
    SELECT e."organizationId", e."courseId", report.shard(e."id") AS "shard",
      ROW(sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
        sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"))::report.counters AS c
    FROM unnest(changes) e CROSS JOIN LATERAL report.enrollment_counters(e, e.sign) k
    WHERE EXISTS (SELECT 1 FROM "Course" c WHERE c."organizationId" = e."organizationId" AND c."id" = e."courseId")
    GROUP BY 1, 2, 3
  ) s
  WHERE NOT report.is_zero(s.c)
  ORDER BY 2, 3
  ON CONFLICT ("organizationId", "courseId", "shard") DO UPDATE SET
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(t), report.counters_of(EXCLUDED), 1)).*);

  INSERT INTO "ReportCourseDay" AS t ("organizationId", "courseId", "day", "shard", "enrolled", "completedCohort", "completions")
  SELECT * FROM (
    SELECT x."organizationId", x."courseId", x.day, x."shard", sum(x.e)::integer AS e, sum(x.cc)::integer AS cc, sum(x.c)::integer AS c
    FROM (
      SELECT e."organizationId", e."courseId", e."enrolledAt"::date AS day, report.shard(e."id") AS "shard", e.sign AS e,
        e.sign * (e."status" = 'completed')::integer AS cc, 0 AS c
      FROM unnest(changes) e
      UNION ALL
      SELECT e."organizationId", e."courseId", e."completedAt"::date, report.shard(e."id"), 0, 0, e.sign FROM unnest(changes) e
      WHERE e."status" = 'completed' AND e."completedAt" IS NOT NULL
    ) x
    WHERE EXISTS (SELECT 1 FROM "Course" c WHERE c."organizationId" = x."organizationId" AND c."id" = x."courseId")
    GROUP BY 1, 2, 3, 4
  ) s
  WHERE (s.e, s.cc, s.c) <> (0, 0, 0)
  ORDER BY 2, 3, 4
  ON CONFLICT ("organizationId", "courseId", "day", "shard") DO UPDATE SET
    "enrolled" = t."enrolled" + EXCLUDED."enrolled", "completedCohort" = t."completedCohort" + EXCLUDED."completedCohort",
    "completions" = t."completions" + EXCLUDED."completions";

  -- The learner's row before their groups' (a membership change reads it under a share lock: see below).
  INSERT INTO "ReportLearnerStats" AS t ("organizationId", "userId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds", "lastActivityAt")
  SELECT e."organizationId", e."userId",
    sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
      sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"),
    max(e."lastAccessedAt") FILTER (WHERE e.sign > 0)
  FROM unnest(changes) e CROSS JOIN LATERAL report.enrollment_counters(e, e.sign) k
  WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = e."organizationId" AND u."id" = e."userId")
  GROUP BY 1, 2
  ORDER BY 2
  ON CONFLICT ("organizationId", "userId") DO UPDATE SET
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(t), report.counters_of(EXCLUDED), 1)).*),
    "lastActivityAt" = GREATEST(t."lastActivityAt", EXCLUDED."lastActivityAt");

  -- Each instructor of the course, per learner (after the course's row: a change of the course's
  -- instructors locks it before it reads the course's enrollments; see report.apply_teaching).
  INSERT INTO "ReportInstructorLearnerStats" AS t ("organizationId", "instructorId", "userId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds", "lastActivityAt")
  SELECT e."organizationId", ci."userId", e."userId",
    sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
      sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"),
    max(e."lastAccessedAt") FILTER (WHERE e.sign > 0)
  FROM unnest(changes) e CROSS JOIN LATERAL report.enrollment_counters(e, e.sign) k
  JOIN "CourseInstructor" ci ON ci."organizationId" = e."organizationId" AND ci."courseId" = e."courseId"
  WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = e."organizationId" AND u."id" = e."userId")
    AND EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = ci."organizationId" AND u."id" = ci."userId")
  GROUP BY 1, 2, 3
  ORDER BY 2, 3
  ON CONFLICT ("organizationId", "instructorId", "userId") DO UPDATE SET
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(t), report.counters_of(EXCLUDED), 1)).*),
    "lastActivityAt" = GREATEST(t."lastActivityAt", EXCLUDED."lastActivityAt");

  -- A deleted enrollment (or one whose last access moved back) may have held the learner's last activity:
  -- read it again from what is left.
  IF deleting THEN
    UPDATE "ReportLearnerStats" t SET "lastActivityAt" = (
      SELECT max(e."lastAccessedAt") FROM "Enrollment" e WHERE e."userId" = t."userId" AND e."organizationId" = t."organizationId")
    WHERE (t."organizationId", t."userId") IN (SELECT r."organizationId", r."userId" FROM unnest(changes) r WHERE r.sign < 0 AND r."lastAccessedAt" IS NOT NULL);
    PERFORM report.reread_instructor_activity(ARRAY(
      SELECT DISTINCT ROW(r."organizationId", r."userId")::report.learner FROM unnest(changes) r WHERE r.sign < 0 AND r."lastAccessedAt" IS NOT NULL), NULL);
  END IF;

  INSERT INTO "ReportGroupStats" AS t ("organizationId", "groupId", "shard", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
  SELECT s."organizationId", s."groupId", s."shard", (s.c).*
  FROM (
    SELECT m."organizationId", m."groupId", report.shard(m."userId") AS "shard",
      ROW(sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
        sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"))::report.counters AS c
    FROM unnest(changes) e CROSS JOIN LATERAL report.enrollment_counters(e, e.sign) k
    JOIN "GroupMember" m ON m."organizationId" = e."organizationId" AND m."userId" = e."userId"
    WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = e."organizationId" AND u."id" = e."userId")
    GROUP BY 1, 2, 3
  ) s
  WHERE NOT report.is_zero(s.c)
    AND EXISTS (SELECT 1 FROM "Group" g WHERE g."organizationId" = s."organizationId" AND g."id" = s."groupId")
    AND EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = s."organizationId")
  ORDER BY 2, 3
  ON CONFLICT ("organizationId", "groupId", "shard") DO UPDATE SET
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(t), report.counters_of(EXCLUDED), 1)).*);
END;
$$;

CREATE FUNCTION report.triggers_on() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('lms.report_triggers', true), '') <> 'off'
$$;

CREATE FUNCTION report.enrollments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.apply_enrollments(ARRAY(
    SELECT ROW(n."id", n."organizationId", n."courseId", n."userId", n."status", n."progressPercent", n."lastAccessedAt", n."enrolledAt", n."completedAt",
      n."lessonScoreSum", n."lessonScoreCount", n."lessonsPassed", n."lessonsFailed", n."lessonTimeSeconds", 1)::report.enrollment FROM new_rows n), false);
  RETURN NULL;
END;
$$;

CREATE FUNCTION report.enrollments_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  -- What is pending first: a deleted enrollment's pending change is then taken out with the rest of it.
  PERFORM report.fold_pending();
  PERFORM report.apply_enrollments(ARRAY(
    SELECT ROW(o."id", o."organizationId", o."courseId", o."userId", o."status", o."progressPercent", o."lastAccessedAt", o."enrolledAt", o."completedAt",
      o."lessonScoreSum", o."lessonScoreCount", o."lessonsPassed", o."lessonsFailed", o."lessonTimeSeconds", -1)::report.enrollment FROM old_rows o), true);
  RETURN NULL;
END;
$$;

-- Only rows whose reported columns changed (a row's course and user never change).
CREATE FUNCTION report.enrollments_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes report.enrollment[];
  earlier boolean;
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  -- A last access moved back (two writers' clocks, committed out of order): the learner's last activity
  -- is read again, as after a delete.
  SELECT bool_or(o."lastAccessedAt" IS NOT NULL AND (n."lastAccessedAt" IS NULL OR n."lastAccessedAt" < o."lastAccessedAt")) INTO earlier
  FROM new_rows n JOIN old_rows o ON o."id" = n."id";
  WITH changed AS (
    SELECT n, o FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."status", n."progressPercent", n."lastAccessedAt", n."enrolledAt", n."completedAt", n."lessonScoreSum", n."lessonScoreCount",
      n."lessonsPassed", n."lessonsFailed", n."lessonTimeSeconds")
      IS DISTINCT FROM (o."status", o."progressPercent", o."lastAccessedAt", o."enrolledAt", o."completedAt", o."lessonScoreSum", o."lessonScoreCount",
      o."lessonsPassed", o."lessonsFailed", o."lessonTimeSeconds")
  )
  SELECT
    array_agg(ROW((n)."id", (n)."organizationId", (n)."courseId", (n)."userId", (n)."status", (n)."progressPercent", (n)."lastAccessedAt", (n)."enrolledAt",
      (n)."completedAt", (n)."lessonScoreSum", (n)."lessonScoreCount", (n)."lessonsPassed", (n)."lessonsFailed", (n)."lessonTimeSeconds", 1)::report.enrollment)
    || array_agg(ROW((o)."id", (o)."organizationId", (o)."courseId", (o)."userId", (o)."status", (o)."progressPercent", (o)."lastAccessedAt", (o)."enrolledAt",
      (o)."completedAt", (o)."lessonScoreSum", (o)."lessonScoreCount", (o)."lessonsPassed", (o)."lessonsFailed", (o)."lessonTimeSeconds", -1)::report.enrollment)
  INTO changes FROM changed;
  IF changes IS NULL THEN RETURN NULL; END IF;
  PERFORM report.defer_enrollments(changes, coalesce(earlier, false));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Enrollment_report_insert" AFTER INSERT ON "Enrollment" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.enrollments_inserted();
CREATE TRIGGER "Enrollment_report_update" AFTER UPDATE ON "Enrollment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.enrollments_updated();
CREATE TRIGGER "Enrollment_report_delete" AFTER DELETE ON "Enrollment" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.enrollments_deleted();

-- What one LessonProgress row counts for: its lesson's figures, and its enrollment's lesson sums.
CREATE TYPE report.progress AS (
  "organizationId" uuid, "courseId" uuid, "enrollmentId" uuid, "lessonId" uuid, "status" text, "successStatus" text,
  "scoreScaled" double precision, "timeSpentSeconds" integer
);

-- A shard of a course's summary row.
CREATE TYPE report.course AS ("organizationId" uuid, "courseId" uuid, "shard" smallint);

-- Locks these course rows in key order, made to exist first (a lock on a row that is not there is no
-- lock); a course being deleted has none to make.
CREATE FUNCTION report.lock_courses(courses report.course[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ReportCourseStats" ("organizationId", "courseId", "shard")
  SELECT c."organizationId", c."courseId", c."shard" FROM unnest(courses) c
  WHERE EXISTS (SELECT 1 FROM "Course" k WHERE k."organizationId" = c."organizationId" AND k."id" = c."courseId")
  ORDER BY 2, 3
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "ReportCourseStats" s
  WHERE (s."organizationId", s."courseId", s."shard") IN (SELECT c."organizationId", c."courseId", c."shard" FROM unnest(courses) c)
  ORDER BY s."courseId", s."shard" FOR NO KEY UPDATE;
END;
$$;

CREATE FUNCTION report.apply_progress(added report.progress[], removed report.progress[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(added) = 0 AND cardinality(removed) = 0 THEN RETURN; END IF;
  -- Locks in the order every writer takes them: the enrollments (the app's progress writers lock them
  -- first; an enrollment's own update or delete holds it), then the course rows in course order (an
  -- enrollment's delete reaches its course before its cascaded lesson rows), then the lesson rows.
  PERFORM 1 FROM "Enrollment" e
  WHERE (e."organizationId", e."id") IN (SELECT d."organizationId", d."enrollmentId" FROM unnest(added) d UNION SELECT d."organizationId", d."enrollmentId" FROM unnest(removed) d)
  ORDER BY e."id" FOR NO KEY UPDATE;
  PERFORM report.lock_courses(ARRAY(SELECT DISTINCT ROW(d."organizationId", d."courseId", report.shard(d."enrollmentId"))::report.course
    FROM (SELECT * FROM unnest(added) UNION ALL SELECT * FROM unnest(removed)) d));

  INSERT INTO "ReportLessonStats" AS t ("organizationId", "courseId", "lessonId", "shard", "inProgress", "completed", "passed", "failed", "scoreSum", "scoreCount", "timeSeconds")
  SELECT * FROM (
    SELECT d."organizationId", d."courseId", d."lessonId", report.shard(d."enrollmentId") AS "shard",
      sum(d.sign * (d.status = 'in_progress')::integer)::integer AS ip, sum(d.sign * (d.status = 'completed')::integer)::integer AS co,
      sum(d.sign * (d."successStatus" IS NOT DISTINCT FROM 'passed')::integer)::integer AS pa,
      sum(d.sign * (d."successStatus" IS NOT DISTINCT FROM 'failed')::integer)::integer AS fa,
      sum(d.sign * coalesce(report.score_points(d."scoreScaled"), 0))::bigint AS ss, sum(d.sign * (d."scoreScaled" IS NOT NULL)::integer)::integer AS sc,
      sum(d.sign * d."timeSpentSeconds")::bigint AS ts
    FROM (SELECT a.*, 1 AS sign FROM unnest(added) a UNION ALL SELECT r.*, -1 FROM unnest(removed) r) d
    WHERE EXISTS (SELECT 1 FROM "Lesson" l WHERE l."organizationId" = d."organizationId" AND l."courseId" = d."courseId" AND l."id" = d."lessonId")
    GROUP BY 1, 2, 3, 4
  ) s
  WHERE (s.ip, s.co, s.pa, s.fa, s.ss, s.sc, s.ts) <> (0, 0, 0, 0, 0, 0, 0)
  ORDER BY 3, 4
  ON CONFLICT ("organizationId", "courseId", "lessonId", "shard") DO UPDATE SET
    "inProgress" = t."inProgress" + EXCLUDED."inProgress", "completed" = t."completed" + EXCLUDED."completed",
    "passed" = t."passed" + EXCLUDED."passed", "failed" = t."failed" + EXCLUDED."failed",
    "scoreSum" = t."scoreSum" + EXCLUDED."scoreSum", "scoreCount" = t."scoreCount" + EXCLUDED."scoreCount",
    "timeSeconds" = t."timeSeconds" + EXCLUDED."timeSeconds";

  -- The enrollment's sums (its own trigger then carries the change up to the course, the learner and their groups).
  UPDATE "Enrollment" e SET
    "lessonScoreSum" = e."lessonScoreSum" + s.ss, "lessonScoreCount" = e."lessonScoreCount" + s.sc,
    "lessonsPassed" = e."lessonsPassed" + s.pa, "lessonsFailed" = e."lessonsFailed" + s.fa, "lessonTimeSeconds" = e."lessonTimeSeconds" + s.ts
  FROM (
    SELECT d."organizationId", d."enrollmentId",
      sum(d.sign * coalesce(report.score_points(d."scoreScaled"), 0))::integer AS ss, sum(d.sign * (d."scoreScaled" IS NOT NULL)::integer)::integer AS sc,
      sum(d.sign * (d."successStatus" IS NOT DISTINCT FROM 'passed')::integer)::integer AS pa,
      sum(d.sign * (d."successStatus" IS NOT DISTINCT FROM 'failed')::integer)::integer AS fa,
      sum(d.sign * d."timeSpentSeconds")::integer AS ts
    FROM (SELECT a.*, 1 AS sign FROM unnest(added) a UNION ALL SELECT r.*, -1 FROM unnest(removed) r) d
    GROUP BY 1, 2
  ) s
  WHERE e."organizationId" = s."organizationId" AND e."id" = s."enrollmentId" AND (s.ss, s.sc, s.pa, s.fa, s.ts) <> (0, 0, 0, 0, 0);
END;
$$;

-- ───────────────────────────── Added as the transaction commits ─────────────────────────────
-- A lesson's progress and an enrollment's figures are written by every learner of a course, and their
-- summaries (the course's, the lesson's, the day's, each group's) are rows they all share: locked from
-- the write to the commit, they would make a class finishing a quiz at once wait on each other for the
-- rest of every transaction. So an update of Enrollment and a write of LessonProgress keep their change
-- in report_pending.change (a table in a schema of its own, made by a migration), and a deferred trigger
-- adds it to the summaries at the commit (report.fold_pending): the shared rows are held for the commit
-- only. A statement that changes anything else the summaries count or join (an enrollment made or
-- deleted, a membership, a course's instructors, a deletion) first adds what its transaction has pending
-- (the triggers below), so the summaries see the changes in the order the transaction made them.
CREATE FUNCTION report.defer_progress(added report.progress[], removed report.progress[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_pending."change" ("kind", "added", "removed") VALUES ('progress', to_jsonb(added), to_jsonb(removed))
$$;

CREATE FUNCTION report.defer_enrollments(changes report.enrollment[], earlier boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_pending."change" ("kind", "added", "earlier") VALUES ('enrollments', to_jsonb(changes), earlier)
$$;

-- Adds this transaction's pending changes to the summaries, progress first: adding it updates its
-- enrollments' lesson sums, whose change is pending in turn, and is added with the enrollments' own
-- changes in one pass over the shared rows (signed rows are sums: a row changed twice counts once, as its
-- last state less its first). Nothing else changes between the two, so the order within a fold is free;
-- what counts is that a fold comes before any statement that changes what the summaries join.
CREATE FUNCTION report.fold_pending() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  progress_added report.progress[];
  progress_removed report.progress[];
  enrollment_changes report.enrollment[];
  any_earlier boolean;
BEGIN
  LOOP
    WITH taken AS (
      DELETE FROM report_pending."change" WHERE "txid" = txid_current() AND "kind" = 'progress' RETURNING "added", "removed"
    )
    SELECT ARRAY(SELECT r FROM taken t, jsonb_populate_recordset(NULL::report.progress, t."added") r),
      ARRAY(SELECT r FROM taken t, jsonb_populate_recordset(NULL::report.progress, t."removed") r)
    INTO progress_added, progress_removed;
    PERFORM report.apply_progress(progress_added, progress_removed);
    WITH taken AS (
      DELETE FROM report_pending."change" WHERE "txid" = txid_current() AND "kind" = 'enrollments' RETURNING "added", "earlier"
    )
    SELECT ARRAY(SELECT r FROM taken t, jsonb_populate_recordset(NULL::report.enrollment, t."added") r),
      coalesce((SELECT bool_or(t."earlier") FROM taken t), false)
    INTO enrollment_changes, any_earlier;
    PERFORM report.apply_enrollments(enrollment_changes, any_earlier);
    EXIT WHEN cardinality(progress_added) + cardinality(progress_removed) + cardinality(enrollment_changes) = 0;
  END LOOP;
END;
$$;

CREATE FUNCTION report.pending_committing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report.fold_pending();
  RETURN NULL;
END;
$$;

CREATE FUNCTION report.pending_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report.fold_pending();
  RETURN NULL;
END;
$$;

-- Before a statement that changes what the summaries are made of or from (who teaches a course, who is
-- in a group, which enrollments, lessons, attempts, groups, courses and users exist), what is pending is
-- added as it was written: after the statement, it would be counted against the new state (an
-- instructor's rows would get an enrollment's change that the new instructor's rows count already).
-- (A deletion of enrollments adds it in its own trigger, after the rows went: before, adding a lesson's
-- change would update the very enrollment rows the statement is deleting, which PostgreSQL refuses.)
CREATE TRIGGER "Enrollment_report_pending" BEFORE INSERT ON "Enrollment"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "LessonProgress_report_pending" BEFORE DELETE ON "LessonProgress"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "ScormAttempt_report_pending" BEFORE INSERT OR DELETE ON "ScormAttempt"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "CourseInstructor_report_pending" BEFORE INSERT OR DELETE ON "CourseInstructor"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "GroupMember_report_pending" BEFORE INSERT OR DELETE ON "GroupMember"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "Group_report_pending" BEFORE DELETE ON "Group"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "Lesson_report_pending" BEFORE DELETE ON "Lesson"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "Course_report_pending" BEFORE DELETE ON "Course"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();
CREATE TRIGGER "User_report_pending" BEFORE DELETE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

-- One event per pending row, run at the commit: the first adds them all, the others find nothing left.
CREATE CONSTRAINT TRIGGER "fold_at_commit" AFTER INSERT ON report_pending."change"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report.pending_committing();

CREATE FUNCTION report.progress_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.defer_progress(ARRAY(
    SELECT ROW(n."organizationId", n."courseId", n."enrollmentId", n."lessonId", n."status"::text, n."successStatus", n."scoreScaled", n."timeSpentSeconds")::report.progress
    FROM new_rows n), '{}');
  RETURN NULL;
END;
$$;

CREATE FUNCTION report.progress_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.apply_progress('{}', ARRAY(
    SELECT ROW(o."organizationId", o."courseId", o."enrollmentId", o."lessonId", o."status"::text, o."successStatus", o."scoreScaled", o."timeSpentSeconds")::report.progress
    FROM old_rows o));
  RETURN NULL;
END;
$$;

CREATE FUNCTION report.progress_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added report.progress[];
  removed report.progress[];
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  WITH changed AS (
    SELECT n, o FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."status", n."successStatus", n."scoreScaled", n."timeSpentSeconds") IS DISTINCT FROM (o."status", o."successStatus", o."scoreScaled", o."timeSpentSeconds")
  )
  SELECT
    array_agg(ROW((n)."organizationId", (n)."courseId", (n)."enrollmentId", (n)."lessonId", (n)."status"::text, (n)."successStatus", (n)."scoreScaled", (n)."timeSpentSeconds")::report.progress),
    array_agg(ROW((o)."organizationId", (o)."courseId", (o)."enrollmentId", (o)."lessonId", (o)."status"::text, (o)."successStatus", (o)."scoreScaled", (o)."timeSpentSeconds")::report.progress)
  INTO added, removed FROM changed;
  IF added IS NULL THEN RETURN NULL; END IF;
  PERFORM report.defer_progress(added, removed);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "LessonProgress_report_insert" AFTER INSERT ON "LessonProgress" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.progress_inserted();
CREATE TRIGGER "LessonProgress_report_update" AFTER UPDATE ON "LessonProgress" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.progress_updated();
CREATE TRIGGER "LessonProgress_report_delete" AFTER DELETE ON "LessonProgress" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.progress_deleted();

CREATE TYPE report.attempt AS ("organizationId" uuid, "courseId" uuid, "lessonId" uuid, "enrollmentId" uuid, "sign" integer);

-- SCORM attempts per lesson: only a new or deleted attempt counts (a commit updates its attempt, and
-- there is no trigger on UPDATE). A deletion adds -1 to its enrollment's shard, made if need be.
CREATE FUNCTION report.attempts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed report.attempt[];
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT ROW(n."organizationId", n."courseId", n."lessonId", n."enrollmentId", 1)::report.attempt FROM new_rows n);
  ELSE
    changed := ARRAY(SELECT ROW(o."organizationId", o."courseId", o."lessonId", o."enrollmentId", -1)::report.attempt FROM old_rows o);
  END IF;
  PERFORM report.lock_courses(ARRAY(SELECT DISTINCT ROW(a."organizationId", a."courseId", report.shard(a."enrollmentId"))::report.course FROM unnest(changed) a));
  INSERT INTO "ReportLessonStats" AS t ("organizationId", "courseId", "lessonId", "shard", "attempts")
  SELECT a."organizationId", a."courseId", a."lessonId", report.shard(a."enrollmentId"), sum(a.sign)::integer FROM unnest(changed) a
  WHERE EXISTS (SELECT 1 FROM "Lesson" l WHERE l."organizationId" = a."organizationId" AND l."courseId" = a."courseId" AND l."id" = a."lessonId")
  GROUP BY 1, 2, 3, 4 ORDER BY 3, 4
  ON CONFLICT ("organizationId", "courseId", "lessonId", "shard") DO UPDATE SET "attempts" = t."attempts" + EXCLUDED."attempts";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "ScormAttempt_report_insert" AFTER INSERT ON "ScormAttempt" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.attempts_changed();
CREATE TRIGGER "ScormAttempt_report_delete" AFTER DELETE ON "ScormAttempt" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.attempts_changed();

-- The courses an instructor teaches: their learner rows gain (or lose) every enrollment of the course.
-- Every shard of the course's summary row is made to exist and locked first: an enrollment written at
-- the same time updates its shard (waiting for us, or we for it) before it reads the course's
-- instructors in a later statement, so either it sees this change or this reads its enrollment — never
-- neither. (Locking the course row instead would deadlock two instructors added at once: each holds the
-- share lock of its own foreign-key check.) Shards made only for the lock, still empty at the end, go
-- again, as a rebuild would leave them (no enrollment of theirs can be folding: it would count in them).
CREATE TYPE report.teaching AS ("organizationId" uuid, "courseId" uuid, "instructorId" uuid, "sign" integer);

CREATE FUNCTION report.apply_teaching(changes report.teaching[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  change report.teaching;
BEGIN
  -- A deleted person's rows went before the cascade (report.user_deleting); a deleted course's
  -- instructors left it before its enrollments went (report.course_deleting).
  changes := ARRAY(SELECT c FROM unnest(changes) c
    WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = c."organizationId" AND u."id" = c."instructorId")
      AND EXISTS (SELECT 1 FROM "Course" k WHERE k."organizationId" = c."organizationId" AND k."id" = c."courseId"));
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM report.lock_courses(ARRAY(SELECT DISTINCT ROW(c."organizationId", c."courseId", shard::smallint)::report.course
    FROM unnest(changes) c CROSS JOIN generate_series(0, 7) shard));

  INSERT INTO "ReportInstructorLearnerStats" AS t ("organizationId", "instructorId", "userId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds", "lastActivityAt")
  SELECT c."organizationId", c."instructorId", e."userId",
    sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
      sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"),
    max(e."lastAccessedAt") FILTER (WHERE c.sign > 0)
  FROM unnest(changes) c
  JOIN "Enrollment" e ON e."organizationId" = c."organizationId" AND e."courseId" = c."courseId"
  CROSS JOIN LATERAL report.enrollment_counters(e, c.sign) k
  WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = e."organizationId" AND u."id" = e."userId")
  GROUP BY 1, 2, 3
  ORDER BY 2, 3
  ON CONFLICT ("organizationId", "instructorId", "userId") DO UPDATE SET
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(t), report.counters_of(EXCLUDED), 1)).*),
    "lastActivityAt" = GREATEST(t."lastActivityAt", EXCLUDED."lastActivityAt");

  -- A course no longer taught may have held a learner's last activity under its instructor.
  FOREACH change IN ARRAY changes LOOP
    CONTINUE WHEN change.sign > 0;
    PERFORM report.reread_instructor_activity(ARRAY(
      SELECT DISTINCT ROW(e."organizationId", e."userId")::report.learner FROM "Enrollment" e
      WHERE e."organizationId" = change."organizationId" AND e."courseId" = change."courseId" AND e."lastAccessedAt" IS NOT NULL),
      change."instructorId");
  END LOOP;

  DELETE FROM "ReportCourseStats" s
  WHERE (s."organizationId", s."courseId") IN (SELECT c."organizationId", c."courseId" FROM unnest(changes) c)
    AND report.is_zero(report.counters_of(s));
END;
$$;

CREATE FUNCTION report.teaching_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.apply_teaching(ARRAY(SELECT ROW(n."organizationId", n."courseId", n."userId", 1)::report.teaching FROM new_rows n));
  RETURN NULL;
END;
$$;

CREATE FUNCTION report.teaching_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.apply_teaching(ARRAY(SELECT ROW(o."organizationId", o."courseId", o."userId", -1)::report.teaching FROM old_rows o));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "CourseInstructor_report_insert" AFTER INSERT ON "CourseInstructor" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.teaching_inserted();
CREATE TRIGGER "CourseInstructor_report_delete" AFTER DELETE ON "CourseInstructor" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.teaching_deleted();

-- A deleted course: its instructors leave it first, while its enrollments are still there to be taken
-- out of their rows (the cascades of the course's deletion run in an order PostgreSQL does not promise).
CREATE FUNCTION report.course_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN OLD; END IF;
  DELETE FROM "CourseInstructor" WHERE "organizationId" = OLD."organizationId" AND "courseId" = OLD."id";
  RETURN OLD;
END;
$$;

CREATE TRIGGER "Course_report_deleting" BEFORE DELETE ON "Course" FOR EACH ROW EXECUTE FUNCTION report.course_deleting();

-- Group membership: a group's figures are the sums of its members' learner rows. The learner rows are
-- made to exist and share-locked first: an enrollment written at the same time updates the learner's
-- row (waiting for us, or we for it) before it reads the learner's groups in a later statement, so
-- either it sees this membership or this reads its figures — never neither.
CREATE TYPE report.member AS ("organizationId" uuid, "groupId" uuid, "userId" uuid, "sign" integer);

CREATE FUNCTION report.apply_members(changes report.member[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted person's memberships go in the cascade of their deletion: report_user_deleting took their
  -- figures out of their groups before.
  changes := ARRAY(SELECT c FROM unnest(changes) c WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = c."organizationId" AND u."id" = c."userId"));
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  INSERT INTO "ReportLearnerStats" ("organizationId", "userId")
  SELECT DISTINCT c."organizationId", c."userId" FROM unnest(changes) c
  WHERE EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = c."organizationId")
  ORDER BY 2
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "ReportLearnerStats" s
  WHERE (s."organizationId", s."userId") IN (SELECT c."organizationId", c."userId" FROM unnest(changes) c)
  ORDER BY s."userId" FOR SHARE;

  INSERT INTO "ReportGroupStats" AS t ("organizationId", "groupId", "shard", "members", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
  SELECT c."organizationId", c."groupId", report.shard(c."userId"), sum(c.sign)::integer,
    coalesce(sum(c.sign * s."enrolled"), 0)::integer, coalesce(sum(c.sign * s."notStarted"), 0)::integer, coalesce(sum(c.sign * s."inProgress"), 0)::integer,
    coalesce(sum(c.sign * s."completed"), 0)::integer, coalesce(sum(c.sign * s."withdrawn"), 0)::integer, coalesce(sum(c.sign * s."progressSum"), 0)::bigint,
    coalesce(sum(c.sign * s."scoreSum"), 0)::bigint, coalesce(sum(c.sign * s."scoreCount"), 0)::integer, coalesce(sum(c.sign * s."passed"), 0)::integer,
    coalesce(sum(c.sign * s."failed"), 0)::integer, coalesce(sum(c.sign * s."timeSeconds"), 0)::bigint
  FROM unnest(changes) c
  LEFT JOIN "ReportLearnerStats" s ON s."organizationId" = c."organizationId" AND s."userId" = c."userId"
  WHERE EXISTS (SELECT 1 FROM "Group" g WHERE g."organizationId" = c."organizationId" AND g."id" = c."groupId")
    AND EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = c."organizationId")
  GROUP BY 1, 2, 3
  ORDER BY 2, 3
  ON CONFLICT ("organizationId", "groupId", "shard") DO UPDATE SET "members" = t."members" + EXCLUDED."members",
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(t), report.counters_of(EXCLUDED), 1)).*);
END;
$$;

CREATE FUNCTION report.members_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.apply_members(ARRAY(SELECT ROW(n."organizationId", n."groupId", n."userId", 1)::report.member FROM new_rows n));
  RETURN NULL;
END;
$$;

CREATE FUNCTION report.members_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.apply_members(ARRAY(SELECT ROW(o."organizationId", o."groupId", o."userId", -1)::report.member FROM old_rows o));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "GroupMember_report_insert" AFTER INSERT ON "GroupMember" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.members_inserted();
CREATE TRIGGER "GroupMember_report_delete" AFTER DELETE ON "GroupMember" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.members_deleted();

-- A deleted person: the cascades of their deletion (enrollments, memberships) fire their triggers after
-- the person's row is gone, in an order PostgreSQL does not promise. So before the row goes, their
-- figures leave their groups and their learner rows go (as learner and as instructor); the cascaded
-- triggers then skip people who no longer exist (courses, days and lessons still lose their enrollments as usual).
CREATE FUNCTION report.user_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report.triggers_on() OR OLD."organizationId" IS NULL THEN RETURN OLD; END IF;
  INSERT INTO "ReportGroupStats" AS g ("organizationId", "groupId", "shard", "members", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
  SELECT m."organizationId", m."groupId", report.shard(m."userId"), -1, (report.add(ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::report.counters, report.counters_of(s), -1)).*
  FROM "GroupMember" m LEFT JOIN "ReportLearnerStats" s ON s."organizationId" = m."organizationId" AND s."userId" = m."userId"
  WHERE m."organizationId" = OLD."organizationId" AND m."userId" = OLD."id"
    AND EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = m."organizationId")
  ORDER BY 2
  ON CONFLICT ("organizationId", "groupId", "shard") DO UPDATE SET "members" = g."members" + EXCLUDED."members",
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(g), report.counters_of(EXCLUDED), 1)).*);
  DELETE FROM "ReportLearnerStats" WHERE "organizationId" = OLD."organizationId" AND "userId" = OLD."id";
  DELETE FROM "ReportInstructorLearnerStats"
  WHERE "organizationId" = OLD."organizationId" AND ("instructorId" = OLD."id" OR "userId" = OLD."id");
  RETURN OLD;
END;
$$;

CREATE TRIGGER "User_report_deleting" BEFORE DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION report.user_deleting();

-- A deleted group's row (the cascaded membership triggers skip a group that no longer exists).
CREATE FUNCTION report.group_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ReportGroupStats" s USING old_rows o WHERE s."organizationId" = o."organizationId" AND s."groupId" = o."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Group_report_delete" AFTER DELETE ON "Group" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report.group_deleted();

-- ───────────────────────────── The same summaries from scratch ─────────────────────────────
-- The repair behind POST /api/reports/refresh, the large dataset's load and the benchmark's timed
-- rebuild (lib/server/reports/refresh.ts). For one organization, `only_courses`, `only_learners` and
-- `only_groups` say which summary rows to compute again: NULL for every one of the organization's, an
-- empty array for none. Courses first (with their enrollments' lesson sums, which the learner rows add
-- up), then learners (with their rows per instructor), then groups (the sums of their members' learner rows).
-- The triggers are off for the function's own writes (its SET clause). Rows a concurrent writer changes
-- wait for our row locks or add their delta to ours, so a rebuild under load stays right (a delete then
-- insert of a row holds its lock until commit). Each statement is a fixed text run by EXECUTE with its
-- values bound ($1 the organization, $2 the ids or NULL), so it is planned with those values every time
-- and "every course" costs no test per row. (A function-wide plan_cache_mode would also re-plan the
-- foreign-key checks of every inserted row.)
CREATE FUNCTION report.rebuild(organization uuid, only_courses uuid[], only_learners uuid[], only_groups uuid[]) RETURNS void
LANGUAGE plpgsql SET lms.report_triggers = 'off' AS $$
BEGIN
  IF only_courses IS NULL OR cardinality(only_courses) > 0 THEN
    -- Every enrollment's lesson sums (zeros without lesson rows), written only where they differ: one
    -- aggregate of the lesson rows hash-joined to the enrollments.
    EXECUTE $q$UPDATE "Enrollment" e SET "lessonScoreSum" = x.ss, "lessonScoreCount" = x.sc, "lessonsPassed" = x.pa, "lessonsFailed" = x.fa, "lessonTimeSeconds" = x.ts
    FROM (
      SELECT e2."id", coalesce(a.ss, 0) AS ss, coalesce(a.sc, 0) AS sc, coalesce(a.pa, 0) AS pa, coalesce(a.fa, 0) AS fa, coalesce(a.ts, 0) AS ts
      FROM "Enrollment" e2
      LEFT JOIN (
        SELECT lp."enrollmentId" AS id, coalesce(sum(report.score_points(lp."scoreScaled")), 0)::integer AS ss, count(lp."scoreScaled")::integer AS sc,
          (count(*) FILTER (WHERE lp."successStatus" = 'passed'))::integer AS pa, (count(*) FILTER (WHERE lp."successStatus" = 'failed'))::integer AS fa,
          coalesce(sum(lp."timeSpentSeconds"), 0)::integer AS ts
        FROM "LessonProgress" lp WHERE lp."organizationId" = $1 AND ($2 IS NULL OR lp."courseId" = ANY ($2))
        GROUP BY 1
      ) a ON a.id = e2."id"
      WHERE e2."organizationId" = $1 AND ($2 IS NULL OR e2."courseId" = ANY ($2))
    ) x
    WHERE e."organizationId" = $1 AND e."id" = x."id"
      AND (e."lessonScoreSum", e."lessonScoreCount", e."lessonsPassed", e."lessonsFailed", e."lessonTimeSeconds") IS DISTINCT FROM (x.ss, x.sc, x.pa, x.fa, x.ts)$q$
    USING organization, only_courses;

    EXECUTE $q$DELETE FROM "ReportCourseStats" WHERE "organizationId" = $1 AND ($2 IS NULL OR "courseId" = ANY ($2))$q$
    USING organization, only_courses;
    EXECUTE $q$INSERT INTO "ReportCourseStats" ("organizationId", "courseId", "shard", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
      "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
    SELECT e."organizationId", e."courseId", report.shard(e."id"),
      sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
        sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds")
    FROM "Enrollment" e CROSS JOIN LATERAL report.enrollment_counters(e, 1) k
    WHERE e."organizationId" = $1 AND ($2 IS NULL OR e."courseId" = ANY ($2))
    GROUP BY 1, 2, 3$q$
    USING organization, only_courses;

    EXECUTE $q$DELETE FROM "ReportCourseDay" WHERE "organizationId" = $1 AND ($2 IS NULL OR "courseId" = ANY ($2))$q$
    USING organization, only_courses;
    -- One pass over the enrollments: each counts on its enrollment day and, once completed, on its completion day.
    EXECUTE $q$INSERT INTO "ReportCourseDay" ("organizationId", "courseId", "day", "shard", "enrolled", "completedCohort", "completions")
    SELECT e."organizationId", e."courseId", v.day, report.shard(e."id"), sum(v.e)::integer, sum(v.cc)::integer, sum(v.c)::integer
    FROM "Enrollment" e
    CROSS JOIN LATERAL (VALUES (e."enrolledAt"::date, 1, (e."status" = 'completed')::integer, 0),
      (CASE WHEN e."status" = 'completed' THEN e."completedAt"::date END, 0, 0, 1)) v(day, e, cc, c)
    WHERE e."organizationId" = $1 AND ($2 IS NULL OR e."courseId" = ANY ($2)) AND v.day IS NOT NULL
    GROUP BY 1, 2, 3, 4$q$
    USING organization, only_courses;

    EXECUTE $q$DELETE FROM "ReportLessonStats" WHERE "organizationId" = $1 AND ($2 IS NULL OR "courseId" = ANY ($2))$q$
    USING organization, only_courses;
    EXECUTE $q$INSERT INTO "ReportLessonStats" ("organizationId", "courseId", "lessonId", "shard", "inProgress", "completed", "passed", "failed", "scoreSum", "scoreCount", "timeSeconds", "attempts")
    SELECT $1, coalesce(p."courseId", a."courseId"), coalesce(p."lessonId", a."lessonId"), coalesce(p."shard", a."shard"), coalesce(p.ip, 0), coalesce(p.co, 0),
      coalesce(p.pa, 0), coalesce(p.fa, 0), coalesce(p.ss, 0), coalesce(p.sc, 0), coalesce(p.ts, 0), coalesce(a.n, 0)
    FROM (
      SELECT lp."courseId", lp."lessonId", report.shard(lp."enrollmentId") AS "shard", (count(*) FILTER (WHERE lp."status" = 'in_progress'))::integer AS ip,
        (count(*) FILTER (WHERE lp."status" = 'completed'))::integer AS co, (count(*) FILTER (WHERE lp."successStatus" = 'passed'))::integer AS pa,
        (count(*) FILTER (WHERE lp."successStatus" = 'failed'))::integer AS fa, coalesce(sum(report.score_points(lp."scoreScaled")), 0)::bigint AS ss,
        count(lp."scoreScaled")::integer AS sc, coalesce(sum(lp."timeSpentSeconds"), 0)::bigint AS ts
      FROM "LessonProgress" lp WHERE lp."organizationId" = $1 AND ($2 IS NULL OR lp."courseId" = ANY ($2))
      GROUP BY 1, 2, 3
    ) p
    FULL JOIN (
      SELECT sa."courseId", sa."lessonId", report.shard(sa."enrollmentId") AS "shard", count(*)::integer AS n
      FROM "ScormAttempt" sa WHERE sa."organizationId" = $1 AND ($2 IS NULL OR sa."courseId" = ANY ($2))
      GROUP BY 1, 2, 3
    ) a ON a."lessonId" = p."lessonId" AND a."shard" = p."shard"$q$
    USING organization, only_courses;
  END IF;

  IF only_learners IS NULL OR cardinality(only_learners) > 0 THEN
    EXECUTE $q$DELETE FROM "ReportLearnerStats" WHERE "organizationId" = $1 AND ($2 IS NULL OR "userId" = ANY ($2))$q$
    USING organization, only_learners;
    EXECUTE $q$INSERT INTO "ReportLearnerStats" ("organizationId", "userId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
      "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds", "lastActivityAt")
    SELECT e."organizationId", e."userId",
      sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
        sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"),
      max(e."lastAccessedAt")
    FROM "Enrollment" e CROSS JOIN LATERAL report.enrollment_counters(e, 1) k
    WHERE e."organizationId" = $1 AND ($2 IS NULL OR e."userId" = ANY ($2))
    GROUP BY 1, 2$q$
    USING organization, only_learners;

    -- The learners' rows per instructor, written only where they differ: the most numerous summary rows
    -- (one per learner and instructor), and in a repair nearly all of them are right already.
    EXECUTE $q$WITH computed AS MATERIALIZED (
      SELECT e."organizationId", ci."userId" AS "instructorId", e."userId",
        sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
          sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"),
        max(e."lastAccessedAt")
      FROM "Enrollment" e JOIN "CourseInstructor" ci ON ci."organizationId" = e."organizationId" AND ci."courseId" = e."courseId"
      CROSS JOIN LATERAL report.enrollment_counters(e, 1) k
      WHERE e."organizationId" = $1 AND ($2 IS NULL OR e."userId" = ANY ($2))
      GROUP BY 1, 2, 3
    ), gone AS (
      DELETE FROM "ReportInstructorLearnerStats" t
      WHERE t."organizationId" = $1 AND ($2 IS NULL OR t."userId" = ANY ($2))
        AND NOT EXISTS (SELECT 1 FROM computed c WHERE c."instructorId" = t."instructorId" AND c."userId" = t."userId")
    )
    INSERT INTO "ReportInstructorLearnerStats" AS t ("organizationId", "instructorId", "userId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
      "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds", "lastActivityAt")
    SELECT * FROM computed
    ON CONFLICT ("organizationId", "instructorId", "userId") DO UPDATE SET
      ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
       "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds", "lastActivityAt")
        = ROW((report.counters_of(EXCLUDED)).*, EXCLUDED."lastActivityAt")
    WHERE NOT report.same(report.counters_of(t), report.counters_of(EXCLUDED))
      OR t."lastActivityAt" IS DISTINCT FROM EXCLUDED."lastActivityAt"$q$
    USING organization, only_learners;
  END IF;

  IF only_groups IS NULL OR cardinality(only_groups) > 0 THEN
    EXECUTE $q$DELETE FROM "ReportGroupStats" WHERE "organizationId" = $1 AND ($2 IS NULL OR "groupId" = ANY ($2))$q$
    USING organization, only_groups;
    EXECUTE $q$INSERT INTO "ReportGroupStats" ("organizationId", "groupId", "shard", "members", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
      "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
    SELECT m."organizationId", m."groupId", report.shard(m."userId"), count(*)::integer,
      coalesce(sum(s."enrolled"), 0), coalesce(sum(s."notStarted"), 0), coalesce(sum(s."inProgress"), 0), coalesce(sum(s."completed"), 0),
      coalesce(sum(s."withdrawn"), 0), coalesce(sum(s."progressSum"), 0), coalesce(sum(s."scoreSum"), 0), coalesce(sum(s."scoreCount"), 0),
      coalesce(sum(s."passed"), 0), coalesce(sum(s."failed"), 0), coalesce(sum(s."timeSeconds"), 0)
    FROM "GroupMember" m LEFT JOIN "ReportLearnerStats" s ON s."organizationId" = m."organizationId" AND s."userId" = m."userId"
    WHERE m."organizationId" = $1 AND ($2 IS NULL OR m."groupId" = ANY ($2))
    GROUP BY 1, 2, 3$q$
    USING organization, only_groups;
  END IF;
END;
$$;
