-- lib/server/reports/summaries.sql: the objects that changed (written by npm run db:migration from that file; edit the file)
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
