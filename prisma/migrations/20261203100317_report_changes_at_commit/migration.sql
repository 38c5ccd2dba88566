-- lib/server/reports/summaries.sql: the objects that changed (written by npm run db:migration from that file; edit the file)
CREATE OR REPLACE FUNCTION report.enrollments_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  -- What is pending first: a deleted enrollment's pending change is then taken out with the rest of it.
  PERFORM report.fold_pending();
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
  PERFORM report.defer_enrollments(changes, coalesce(earlier, false));
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION report.defer_progress(added report.progress[], removed report.progress[])
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO report_pending."change" ("kind", "added", "removed") VALUES ('progress', to_jsonb(added), to_jsonb(removed))
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
  pending record;
  found_any boolean;
BEGIN
  LOOP
    found_any := false;
    FOR pending IN
      WITH taken AS (DELETE FROM report_pending."change" WHERE "txid" = txid_current() RETURNING *)
      SELECT * FROM taken ORDER BY "id"
    LOOP
      found_any := true;
      IF pending."kind" = 'progress' THEN
        PERFORM report.apply_progress(
          ARRAY(SELECT r FROM jsonb_populate_recordset(NULL::report.progress, pending."added") r),
          ARRAY(SELECT r FROM jsonb_populate_recordset(NULL::report.progress, pending."removed") r));
      ELSE
        PERFORM report.apply_enrollments(
          ARRAY(SELECT r FROM jsonb_populate_recordset(NULL::report.enrollment, pending."added") r), pending."earlier");
      END IF;
    END LOOP;
    EXIT WHEN NOT found_any;
  END LOOP;
END;
$function$;

CREATE OR REPLACE FUNCTION report.pending_committing()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM report.fold_pending();
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION report.pending_before()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM report.fold_pending();
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION report.progress_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT report.triggers_on() THEN RETURN NULL; END IF;
  PERFORM report.defer_progress(ARRAY(
    SELECT ROW(n."organizationId", n."courseId", n."enrollmentId", n."lessonId", n."status"::text, n."successStatus", n."scoreScaled", n."timeSpentSeconds")::report.progress
    FROM new_rows n), '{}');
  RETURN NULL;
END;
$function$;

CREATE OR REPLACE FUNCTION report.progress_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE TRIGGER "Enrollment_report_pending" BEFORE INSERT ON public."Enrollment" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "LessonProgress_report_pending" BEFORE DELETE ON public."LessonProgress" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "ScormAttempt_report_pending" BEFORE INSERT OR DELETE ON public."ScormAttempt" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "CourseInstructor_report_pending" BEFORE INSERT OR DELETE ON public."CourseInstructor" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "GroupMember_report_pending" BEFORE INSERT OR DELETE ON public."GroupMember" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "Group_report_pending" BEFORE DELETE ON public."Group" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "Lesson_report_pending" BEFORE DELETE ON public."Lesson" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "Course_report_pending" BEFORE DELETE ON public."Course" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE TRIGGER "User_report_pending" BEFORE DELETE ON public."User" FOR EACH STATEMENT EXECUTE FUNCTION report.pending_before();

CREATE CONSTRAINT TRIGGER fold_at_commit AFTER INSERT ON report_pending.change DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report.pending_committing();
