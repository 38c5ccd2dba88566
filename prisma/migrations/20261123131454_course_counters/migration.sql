-- Course counters (moduleCount, lessonCount, enrollmentCount), kept by PostgreSQL itself so that every
-- writer (the app, seeds, bulk imports, a psql session) keeps them right, and course lists read three
-- columns instead of counting thousands of enrollments on every request.
--
-- Statement-level triggers with transition tables: a bulk insert or a cascading delete updates each
-- affected course once. Courses are updated in id order, so two statements touching the same courses lock
-- them in the same order and cannot deadlock. A row's courseId never changes (lessons move between
-- modules of one course only), so inserts and deletes are all there is to count.

-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "enrollmentCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lessonCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "moduleCount" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION "course_counter_add"("counter" text, "org" uuid, "course" uuid, "delta" integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE "Course" SET %1$I = %1$I + $1 WHERE "organizationId" = $2 AND "id" = $3', counter) USING delta, org, course;
END;
$$;

CREATE FUNCTION "course_counters_on_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN SELECT "organizationId", "courseId", count(*)::integer AS n FROM new_rows GROUP BY 1, 2 ORDER BY 2 LOOP
    PERFORM "course_counter_add"(TG_ARGV[0], changed."organizationId", changed."courseId", changed.n);
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "course_counters_on_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN SELECT "organizationId", "courseId", count(*)::integer AS n FROM old_rows GROUP BY 1, 2 ORDER BY 2 LOOP
    PERFORM "course_counter_add"(TG_ARGV[0], changed."organizationId", changed."courseId", -changed.n);
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Module_count_insert" AFTER INSERT ON "Module" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_counters_on_insert"('moduleCount');
CREATE TRIGGER "Module_count_delete" AFTER DELETE ON "Module" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_counters_on_delete"('moduleCount');
CREATE TRIGGER "Lesson_count_insert" AFTER INSERT ON "Lesson" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_counters_on_insert"('lessonCount');
CREATE TRIGGER "Lesson_count_delete" AFTER DELETE ON "Lesson" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_counters_on_delete"('lessonCount');
CREATE TRIGGER "Enrollment_count_insert" AFTER INSERT ON "Enrollment" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_counters_on_insert"('enrollmentCount');
CREATE TRIGGER "Enrollment_count_delete" AFTER DELETE ON "Enrollment" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "course_counters_on_delete"('enrollmentCount');

-- The courses that exist already.
UPDATE "Course" c SET
  "moduleCount" = (SELECT count(*) FROM "Module" m WHERE m."organizationId" = c."organizationId" AND m."courseId" = c."id"),
  "lessonCount" = (SELECT count(*) FROM "Lesson" l WHERE l."organizationId" = c."organizationId" AND l."courseId" = c."id"),
  "enrollmentCount" = (SELECT count(*) FROM "Enrollment" e WHERE e."organizationId" = c."organizationId" AND e."courseId" = c."id");
