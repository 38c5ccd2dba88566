-- lib/server/reports/summaries.sql: the objects that changed (written by npm run db:migration from that file; edit the file)
DROP FUNCTION report.enrollment_deltas(report.enrollment[],report.enrollment[]);

DROP FUNCTION report.apply_enrollments(report.enrollment[],report.enrollment[],boolean);

DROP TYPE report.enrollment;

CREATE TYPE report.counters AS (enrolled integer, "notStarted" integer, "inProgress" integer, completed integer, withdrawn integer, "progressSum" bigint, "scoreSum" bigint, "scoreCount" integer, passed integer, failed integer, "timeSeconds" bigint);

CREATE TYPE report.enrollment AS ("organizationId" uuid, "courseId" uuid, "userId" uuid, status "EnrollmentStatus", "progressPercent" integer, "lastAccessedAt" timestamp(3) without time zone, "enrolledAt" timestamp(3) without time zone, "completedAt" timestamp(3) without time zone, "lessonScoreSum" integer, "lessonScoreCount" integer, "lessonsPassed" integer, "lessonsFailed" integer, "lessonTimeSeconds" integer, sign integer);

CREATE OR REPLACE FUNCTION report.enrollment_counters(e anyelement, sign integer)
 RETURNS SETOF report.counters
 LANGUAGE sql
 IMMUTABLE ROWS 1
AS $function$
  SELECT sign, sign * report.not_started(e."status", e."progressPercent", e."lastAccessedAt")::integer,
    sign * report.in_progress(e."status", e."progressPercent", e."lastAccessedAt")::integer,
    sign * (e."status" = 'completed')::integer, sign * (e."status" = 'withdrawn')::integer, sign * e."progressPercent",
    sign * e."lessonScoreSum", sign * e."lessonScoreCount", sign * e."lessonsPassed", sign * e."lessonsFailed", sign * e."lessonTimeSeconds"
$function$;

CREATE OR REPLACE FUNCTION report.counters_of(r anyelement)
 RETURNS report.counters
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT ROW(coalesce(r."enrolled", 0), coalesce(r."notStarted", 0), coalesce(r."inProgress", 0), coalesce(r."completed", 0),
    coalesce(r."withdrawn", 0), coalesce(r."progressSum", 0), coalesce(r."scoreSum", 0), coalesce(r."scoreCount", 0),
    coalesce(r."passed", 0), coalesce(r."failed", 0), coalesce(r."timeSeconds", 0))::report.counters
$function$;

CREATE OR REPLACE FUNCTION report.add(a report.counters, b report.counters, times integer)
 RETURNS report.counters
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT ROW(a."enrolled" + times * b."enrolled", a."notStarted" + times * b."notStarted", a."inProgress" + times * b."inProgress",
    a."completed" + times * b."completed", a."withdrawn" + times * b."withdrawn", a."progressSum" + times * b."progressSum",
    a."scoreSum" + times * b."scoreSum", a."scoreCount" + times * b."scoreCount", a."passed" + times * b."passed",
    a."failed" + times * b."failed", a."timeSeconds" + times * b."timeSeconds")::report.counters
$function$;

CREATE OR REPLACE FUNCTION report.same(a report.counters, b report.counters)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT a."enrolled" = b."enrolled" AND a."notStarted" = b."notStarted" AND a."inProgress" = b."inProgress"
    AND a."completed" = b."completed" AND a."withdrawn" = b."withdrawn" AND a."progressSum" = b."progressSum"
    AND a."scoreSum" = b."scoreSum" AND a."scoreCount" = b."scoreCount" AND a."passed" = b."passed"
    AND a."failed" = b."failed" AND a."timeSeconds" = b."timeSeconds"
$function$;

CREATE OR REPLACE FUNCTION report.is_zero(c report.counters)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT report.same(c, ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::report.counters)
$function$;

CREATE OR REPLACE FUNCTION report.apply_enrollments(changes report.enrollment[], deleting boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;

  INSERT INTO "ReportCourseStats" AS t ("organizationId", "courseId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
  SELECT s."organizationId", s."courseId", (s.c).*
  FROM (
    SELECT e."organizationId", e."courseId",
      ROW(sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
        sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"))::report.counters AS c
    FROM unnest(changes) e CROSS JOIN LATERAL report.enrollment_counters(e, e.sign) k
    WHERE EXISTS (SELECT 1 FROM "Course" c WHERE c."organizationId" = e."organizationId" AND c."id" = e."courseId")
    GROUP BY 1, 2
  ) s
  WHERE NOT report.is_zero(s.c)
  ORDER BY 2
  ON CONFLICT ("organizationId", "courseId") DO UPDATE SET
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(t), report.counters_of(EXCLUDED), 1)).*);

  INSERT INTO "ReportCourseDay" AS t ("organizationId", "courseId", "day", "enrolled", "completedCohort", "completions")
  SELECT * FROM (
    SELECT x."organizationId", x."courseId", x.day, sum(x.e)::integer AS e, sum(x.cc)::integer AS cc, sum(x.c)::integer AS c
    FROM (
      SELECT e."organizationId", e."courseId", e."enrolledAt"::date AS day, e.sign AS e, e.sign * (e."status" = 'completed')::integer AS cc, 0 AS c
      FROM unnest(changes) e
      UNION ALL
      SELECT e."organizationId", e."courseId", e."completedAt"::date, 0, 0, e.sign FROM unnest(changes) e
      WHERE e."status" = 'completed' AND e."completedAt" IS NOT NULL
    ) x
    WHERE EXISTS (SELECT 1 FROM "Course" c WHERE c."organizationId" = x."organizationId" AND c."id" = x."courseId")
    GROUP BY 1, 2, 3
  ) s
  WHERE (s.e, s.cc, s.c) <> (0, 0, 0)
  ORDER BY 2, 3
  ON CONFLICT ("organizationId", "courseId", "day") DO UPDATE SET
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

  INSERT INTO "ReportGroupStats" AS t ("organizationId", "groupId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
  SELECT s."organizationId", s."groupId", (s.c).*
  FROM (
    SELECT m."organizationId", m."groupId",
      ROW(sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
        sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds"))::report.counters AS c
    FROM unnest(changes) e CROSS JOIN LATERAL report.enrollment_counters(e, e.sign) k
    JOIN "GroupMember" m ON m."organizationId" = e."organizationId" AND m."userId" = e."userId"
    WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = e."organizationId" AND u."id" = e."userId")
    GROUP BY 1, 2
  ) s
  WHERE NOT report.is_zero(s.c)
    AND EXISTS (SELECT 1 FROM "Group" g WHERE g."organizationId" = s."organizationId" AND g."id" = s."groupId")
  ORDER BY 2
  ON CONFLICT ("organizationId", "groupId") DO UPDATE SET
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
    SELECT ROW(n."organizationId", n."courseId", n."userId", n."status", n."progressPercent", n."lastAccessedAt", n."enrolledAt", n."completedAt",
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
  PERFORM report.apply_enrollments(ARRAY(
    SELECT ROW(o."organizationId", o."courseId", o."userId", o."status", o."progressPercent", o."lastAccessedAt", o."enrolledAt", o."completedAt",
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
    array_agg(ROW((n)."organizationId", (n)."courseId", (n)."userId", (n)."status", (n)."progressPercent", (n)."lastAccessedAt", (n)."enrolledAt",
      (n)."completedAt", (n)."lessonScoreSum", (n)."lessonScoreCount", (n)."lessonsPassed", (n)."lessonsFailed", (n)."lessonTimeSeconds", 1)::report.enrollment)
    || array_agg(ROW((o)."organizationId", (o)."courseId", (o)."userId", (o)."status", (o)."progressPercent", (o)."lastAccessedAt", (o)."enrolledAt",
      (o)."completedAt", (o)."lessonScoreSum", (o)."lessonScoreCount", (o)."lessonsPassed", (o)."lessonsFailed", (o)."lessonTimeSeconds", -1)::report.enrollment)
  INTO changes FROM changed;
  IF changes IS NULL THEN RETURN NULL; END IF;
  PERFORM report.apply_enrollments(changes, coalesce(earlier, false));
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
  INSERT INTO "ReportCourseStats" ("organizationId", "courseId")
  SELECT DISTINCT c."organizationId", c."courseId" FROM unnest(changes) c ORDER BY 2
  ON CONFLICT DO NOTHING;
  PERFORM report.lock_courses(ARRAY(SELECT DISTINCT ROW(c."organizationId", c."courseId")::report.course FROM unnest(changes) c));

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

  INSERT INTO "ReportGroupStats" AS t ("organizationId", "groupId", "members", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
    "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
  SELECT c."organizationId", c."groupId", sum(c.sign)::integer,
    coalesce(sum(c.sign * s."enrolled"), 0)::integer, coalesce(sum(c.sign * s."notStarted"), 0)::integer, coalesce(sum(c.sign * s."inProgress"), 0)::integer,
    coalesce(sum(c.sign * s."completed"), 0)::integer, coalesce(sum(c.sign * s."withdrawn"), 0)::integer, coalesce(sum(c.sign * s."progressSum"), 0)::bigint,
    coalesce(sum(c.sign * s."scoreSum"), 0)::bigint, coalesce(sum(c.sign * s."scoreCount"), 0)::integer, coalesce(sum(c.sign * s."passed"), 0)::integer,
    coalesce(sum(c.sign * s."failed"), 0)::integer, coalesce(sum(c.sign * s."timeSeconds"), 0)::bigint
  FROM unnest(changes) c
  LEFT JOIN "ReportLearnerStats" s ON s."organizationId" = c."organizationId" AND s."userId" = c."userId"
  WHERE EXISTS (SELECT 1 FROM "Group" g WHERE g."organizationId" = c."organizationId" AND g."id" = c."groupId")
  GROUP BY 1, 2
  ORDER BY 2
  ON CONFLICT ("organizationId", "groupId") DO UPDATE SET "members" = t."members" + EXCLUDED."members",
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
  UPDATE "ReportGroupStats" g SET "members" = g."members" - 1,
    ("enrolled", "notStarted", "inProgress", "completed", "withdrawn",
     "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
      = ROW((report.add(report.counters_of(g), report.counters_of(s), -1)).*)
  FROM "GroupMember" m LEFT JOIN "ReportLearnerStats" s ON s."organizationId" = m."organizationId" AND s."userId" = m."userId"
  WHERE m."organizationId" = OLD."organizationId" AND m."userId" = OLD."id" AND g."organizationId" = m."organizationId" AND g."groupId" = m."groupId";
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
    EXECUTE $q$INSERT INTO "ReportCourseStats" ("organizationId", "courseId", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
      "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
    SELECT e."organizationId", e."courseId",
      sum(k."enrolled"), sum(k."notStarted"), sum(k."inProgress"), sum(k."completed"), sum(k."withdrawn"), sum(k."progressSum"),
        sum(k."scoreSum"), sum(k."scoreCount"), sum(k."passed"), sum(k."failed"), sum(k."timeSeconds")
    FROM "Enrollment" e CROSS JOIN LATERAL report.enrollment_counters(e, 1) k
    WHERE e."organizationId" = $1 AND ($2 IS NULL OR e."courseId" = ANY ($2))
    GROUP BY 1, 2$q$
    USING organization, only_courses;

    EXECUTE $q$DELETE FROM "ReportCourseDay" WHERE "organizationId" = $1 AND ($2 IS NULL OR "courseId" = ANY ($2))$q$
    USING organization, only_courses;
    -- One pass over the enrollments: each counts on its enrollment day and, once completed, on its completion day.
    EXECUTE $q$INSERT INTO "ReportCourseDay" ("organizationId", "courseId", "day", "enrolled", "completedCohort", "completions")
    SELECT e."organizationId", e."courseId", v.day, sum(v.e)::integer, sum(v.cc)::integer, sum(v.c)::integer
    FROM "Enrollment" e
    CROSS JOIN LATERAL (VALUES (e."enrolledAt"::date, 1, (e."status" = 'completed')::integer, 0),
      (CASE WHEN e."status" = 'completed' THEN e."completedAt"::date END, 0, 0, 1)) v(day, e, cc, c)
    WHERE e."organizationId" = $1 AND ($2 IS NULL OR e."courseId" = ANY ($2)) AND v.day IS NOT NULL
    GROUP BY 1, 2, 3$q$
    USING organization, only_courses;

    EXECUTE $q$DELETE FROM "ReportLessonStats" WHERE "organizationId" = $1 AND ($2 IS NULL OR "courseId" = ANY ($2))$q$
    USING organization, only_courses;
    EXECUTE $q$INSERT INTO "ReportLessonStats" ("organizationId", "courseId", "lessonId", "inProgress", "completed", "passed", "failed", "scoreSum", "scoreCount", "timeSeconds", "attempts")
    SELECT $1, coalesce(p."courseId", a."courseId"), coalesce(p."lessonId", a."lessonId"), coalesce(p.ip, 0), coalesce(p.co, 0), coalesce(p.pa, 0),
      coalesce(p.fa, 0), coalesce(p.ss, 0), coalesce(p.sc, 0), coalesce(p.ts, 0), coalesce(a.n, 0)
    FROM (
      SELECT lp."courseId", lp."lessonId", (count(*) FILTER (WHERE lp."status" = 'in_progress'))::integer AS ip,
        (count(*) FILTER (WHERE lp."status" = 'completed'))::integer AS co, (count(*) FILTER (WHERE lp."successStatus" = 'passed'))::integer AS pa,
        (count(*) FILTER (WHERE lp."successStatus" = 'failed'))::integer AS fa, coalesce(sum(report.score_points(lp."scoreScaled")), 0)::bigint AS ss,
        count(lp."scoreScaled")::integer AS sc, coalesce(sum(lp."timeSpentSeconds"), 0)::bigint AS ts
      FROM "LessonProgress" lp WHERE lp."organizationId" = $1 AND ($2 IS NULL OR lp."courseId" = ANY ($2))
      GROUP BY 1, 2
    ) p
    FULL JOIN (
      SELECT sa."courseId", sa."lessonId", count(*)::integer AS n
      FROM "ScormAttempt" sa WHERE sa."organizationId" = $1 AND ($2 IS NULL OR sa."courseId" = ANY ($2))
      GROUP BY 1, 2
    ) a ON a."lessonId" = p."lessonId"$q$
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
    EXECUTE $q$INSERT INTO "ReportGroupStats" ("organizationId", "groupId", "members", "enrolled", "notStarted", "inProgress", "completed", "withdrawn",
      "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds")
    SELECT m."organizationId", m."groupId", count(*)::integer,
      coalesce(sum(s."enrolled"), 0), coalesce(sum(s."notStarted"), 0), coalesce(sum(s."inProgress"), 0), coalesce(sum(s."completed"), 0),
      coalesce(sum(s."withdrawn"), 0), coalesce(sum(s."progressSum"), 0), coalesce(sum(s."scoreSum"), 0), coalesce(sum(s."scoreCount"), 0),
      coalesce(sum(s."passed"), 0), coalesce(sum(s."failed"), 0), coalesce(sum(s."timeSeconds"), 0)
    FROM "GroupMember" m LEFT JOIN "ReportLearnerStats" s ON s."organizationId" = m."organizationId" AND s."userId" = m."userId"
    WHERE m."organizationId" = $1 AND ($2 IS NULL OR m."groupId" = ANY ($2))
    GROUP BY 1, 2$q$
    USING organization, only_groups;
  END IF;
END;
$function$;
