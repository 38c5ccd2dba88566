"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import {
  organizationOptions,
  organizationPath,
  useChosenOrganization,
} from "@/components/organizations/organization-search";
import { useNavigation } from "@/components/navigation/use-navigation";
import { DayFilter } from "@/components/reports/day-filter";
import styles from "@/components/reports/report-filters.module.css";
import { Button, ButtonLabel, buttonClasses } from "@/components/ui/button";
import { SearchPicker, type SearchOption } from "@/components/ui/search-picker";
import { Select } from "@/components/ui/select";
import type { GroupListJson } from "@/lib/server/groups/queries";
import { REPORT_FILTER_KEYS, readReportFilters, type ReportFilterKey } from "@/components/reports/report-query";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";

// The filters every report view shares, kept in the address: a date range (1900 to the end of 2099),
// category, course, group and enrollment status; the superadmin also picks an organization. Drawn from
// CSS modules (components/ui) alone, so the views below choose for themselves whether they need MUI.

/** The enrollment's own status (the API's `status`): active (not started or in progress), completed, withdrawn. */
export const ENROLLMENT_STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "completed", label: "Completed" },
  { value: "withdrawn", label: "Withdrawn" },
] as const;

const STATUS_CHOICES = [{ value: "", label: "Any status" }, ...ENROLLMENT_STATUS_OPTIONS];

const coursePath = (q: string) => `/api/courses?view=manage&page_size=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;
const groupPath = (q: string) => `/api/admin/groups?page_size=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;

export interface ReportFiltersProps {
  categories: { id: string; name: string }[];
  /** The superadmin on the apex: every organization, or one picked (searched by name). */
  platform: boolean;
  /** Filters this view does not offer (the course of a course's own breakdown). */
  hide?: readonly ReportFilterKey[];
}

export function ReportFilters({ categories, platform, hide = [] }: ReportFiltersProps) {
  const params = useSearchParams();
  const router = useNavigation();
  const pathname = usePathname();
  const values = readReportFilters(params);
  const [isOpen, setIsOpen] = useState(false);
  // One course's breakdown is that course's: no course or category to choose there. Certificates have
  // no enrollment status (their own states are the view's picker).
  const hidden: readonly ReportFilterKey[] = /^\/admin\/reports\/courses\/[^/]+$/.test(pathname)
    ? [...hide, "course_id", "category_id"]
    : pathname.startsWith("/admin/reports/certificates")
      ? [...hide, "status"]
      : hide;
  const shows = (key: ReportFilterKey) => !hidden.includes(key);
  // Course, group and category belong to one organization: the platform-wide view has none to offer.
  const isTenantView = !platform;
  const update = (next: Partial<Record<ReportFilterKey, string>>) => {
    const search = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) continue;
      if (value) search.set(key, value);
      else search.delete(key);
    }
    search.delete("page"); // a new filter starts at the first page
    const query = search.toString();
    if (query === params.toString()) return;
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const clearAll = () => update(Object.fromEntries(REPORT_FILTER_KEYS.filter(shows).map((k) => [k, ""])));
  const applied = REPORT_FILTER_KEYS.filter((k) => values[k] && shows(k)).length;
  const hasAny = applied > 0;
  // (hidden filters stay in the address: back on the list, they apply again)
  return (
    <>
      {/* On a phone the filters fold behind one button, so the figures and data start on the first screen. */}
      <button
        type="button"
        className={buttonClasses("outlined", "medium", false, styles.toggle)}
        aria-expanded={isOpen}
        aria-controls="report-filters"
        onClick={() => setIsOpen(!isOpen)}
      >
        <ButtonLabel size="medium">
          {isOpen ? "Hide filters" : applied > 0 ? `Filters (${applied})` : "Filters"}
        </ButtonLabel>
      </button>
      <section
        id="report-filters"
        aria-label="Report filters"
        className={isOpen ? `${styles.filters} ${styles.open}` : styles.filters}
      >
        <DayFilter
          label="From"
          day={values.from}
          before={{ label: "To", day: values.to }}
          onChange={(from) => update({ from })}
        />
        <DayFilter
          label="To"
          day={values.to}
          after={{ label: "From", day: values.from }}
          onChange={(to) => update({ to })}
        />
        {platform && shows("organization_id") && (
          <OrganizationFilter id={values.organization_id} onChange={(id) => update({ organization_id: id })} />
        )}
        {isTenantView && shows("category_id") && (
          <Select
            size="small"
            labelInside
            label="Category"
            value={values.category_id ?? ""}
            options={[{ value: "", label: "Any category" }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
            onChange={(e) => update({ category_id: e.target.value })}
            className={styles.category}
          />
        )}
        {isTenantView && shows("course_id") && (
          <CourseFilter id={values.course_id} onChange={(id) => update({ course_id: id })} />
        )}
        {isTenantView && shows("group_id") && (
          <GroupFilter id={values.group_id} onChange={(id) => update({ group_id: id })} />
        )}
        {shows("status") && (
          <Select
            size="small"
            labelInside
            label="Status"
            value={values.status ?? ""}
            options={STATUS_CHOICES}
            onChange={(e) => update({ status: e.target.value })}
            className={styles.status}
          />
        )}
        {hasAny && (
          <Button variant="text" onClick={clearAll}>
            Clear filters
          </Button>
        )}
      </section>
    </>
  );
}

/** The superadmin's organization, searched by name. */
function OrganizationFilter({ id, onChange }: { id: string | undefined; onChange: (id: string) => void }) {
  const value = useChosenOrganization(id);
  return (
    <SearchPicker
      label="Organization"
      pathFor={organizationPath}
      optionsOf={organizationOptions}
      value={value}
      onChange={(o) => onChange(o?.id ?? "")}
    />
  );
}

/** The chosen course by its title (looked up once from its id in the address). */
function CourseFilter({ id, onChange }: { id: string | undefined; onChange: (id: string) => void }) {
  const chosen = useApi<{ id: string; title: string }>(id ? `/api/courses/${encodeURIComponent(id)}` : null);
  const value: SearchOption | null = id ? { id, label: chosen.data?.title ?? "…" } : null;
  return (
    <SearchPicker<Page<{ id: string; title: string }>>
      label="Course"
      pathFor={coursePath}
      optionsOf={(page) => page.items.map((c) => ({ id: c.id, label: c.title }))}
      value={value}
      onChange={(o) => onChange(o?.id ?? "")}
    />
  );
}

/** The chosen group by its name (looked up once from its id in the address). */
function GroupFilter({ id, onChange }: { id: string | undefined; onChange: (id: string) => void }) {
  const chosen = useApi<{ id: string; name: string }>(id ? `/api/admin/groups/${encodeURIComponent(id)}` : null);
  const value: SearchOption | null = id ? { id, label: chosen.data?.name ?? "…" } : null;
  return (
    <SearchPicker<GroupListJson>
      label="Group"
      pathFor={groupPath}
      optionsOf={(list) => list.groups.map((g) => ({ id: g.id, label: g.name }))}
      value={value}
      onChange={(o) => onChange(o?.id ?? "")}
    />
  );
}
