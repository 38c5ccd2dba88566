/*
  Warnings:

  - The primary key for the `ReportCourseDay` table will be changed. If it partially fails, the table could be left without primary key constraint.
  - The primary key for the `ReportCourseStats` table will be changed. If it partially fails, the table could be left without primary key constraint.
  - The primary key for the `ReportGroupStats` table will be changed. If it partially fails, the table could be left without primary key constraint.
  - The primary key for the `ReportLessonStats` table will be changed. If it partially fails, the table could be left without primary key constraint.

*/
-- AlterTable
ALTER TABLE "ReportCourseDay" DROP CONSTRAINT "ReportCourseDay_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "ReportCourseDay_pkey" PRIMARY KEY ("organizationId", "courseId", "day", "shard");

-- AlterTable
ALTER TABLE "ReportCourseStats" DROP CONSTRAINT "ReportCourseStats_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "ReportCourseStats_pkey" PRIMARY KEY ("organizationId", "courseId", "shard");

-- AlterTable
ALTER TABLE "ReportGroupStats" DROP CONSTRAINT "ReportGroupStats_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "ReportGroupStats_pkey" PRIMARY KEY ("organizationId", "groupId", "shard");

-- AlterTable
ALTER TABLE "ReportLessonStats" DROP CONSTRAINT "ReportLessonStats_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "ReportLessonStats_pkey" PRIMARY KEY ("organizationId", "courseId", "lessonId", "shard");

-- lib/server/reports/summaries.sql: the objects that changed (written by npm run db:migration from that file; edit the file)
DROP FUNCTION report.lock_courses(report.course[]);

DROP FUNCTION report.apply_enrollments(report.enrollment[],boolean);

DROP FUNCTION report.defer_enrollments(report.enrollment[],boolean);

DROP TYPE report.enrollment;

DROP TYPE report.course;

CREATE TYPE report.enrollment AS (id uuid, "organizationId" uuid, "courseId" uuid, "userId" uuid, status "EnrollmentStatus", "progressPercent" integer, "lastAccessedAt" timestamp(3) without time zone, "enrolledAt" timestamp(3) without time zone, "completedAt" timestamp(3) without time zone, "lessonScoreSum" integer, "lessonScoreCount" integer, "lessonsPassed" integer, "lessonsFailed" integer, "lessonTimeSeconds" integer, sign integer);

CREATE TYPE report.course AS ("organizationId" uuid, "courseId" uuid, shard smallint);

CREATE TYPE report.attempt AS ("organizationId" uuid, "courseId" uuid, "lessonId" uuid, "enrollmentId" uuid, sign integer);

CREATE OR REPLACE FUNCTION report.shard(id uuid)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT (uuid_hash(id) & 7)::smallint
$function$;

CREATE OR REPLACE FUNCTION report.apply_enrollments(changes report.enrollment[], deleting boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.enrollments_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.apply_enrollments(ARRAY(
    SELECT ROW(n."id", n."organizationId", n."courseId", n."userId", n."status", n."progressPercent", n."lastAccessedAt", n."enrolledAt", n."completedAt",
      n."lessonScoreSum", n."lessonScoreCount", n."lessonsPassed", n."lessonsFailed", n."lessonTimeSeconds", 1)::report.enrollment FROM new_rows n), false);
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION report.enrollments_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  -- What is pending first: a deleted enrollment's pending change is then taken out with the rest of it.
  PERFORM report.fold_pending();
  PERFORM report.apply_enrollments(ARRAY(
    SELECT ROW(o."id", o."organizationId", o."courseId", o."userId", o."status", o."progressPercent", o."lastAccessedAt", o."enrolledAt", o."completedAt",
      o."lessonScoreSum", o."lessonScoreCount", o."lessonsPassed", o."lessonsFailed", o."lessonTimeSeconds", -1)::report.enrollment FROM old_rows o), true);
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION report.enrollments_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.lock_courses(courses report.course[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.apply_progress(added report.progress[], removed report.progress[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.defer_enrollments(changes report.enrollment[], earlier boolean)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO report_pending."change" ("kind", "added", "earlier") VALUES ('enrollments', to_jsonb(changes), earlier)
$function$;

CREATE OR REPLACE FUNCTION report.fold_pending()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.attempts_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.apply_teaching(changes report.teaching[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.apply_members(changes report.member[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.user_deleting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION report.rebuild(organization uuid, only_courses uuid[], only_learners uuid[], only_groups uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SET "lms.report_triggers" TO 'off'
AS $function$
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
$function$;
