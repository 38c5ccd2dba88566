"use client";

import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import { useState } from "react";
import type { GroupListJson } from "@/lib/server/groups/queries";
import { SearchSelect, type SearchOption } from "@/components/forms/search-select";
import type { CourseSummaryJson } from "@/components/courses/types";
import type { Page } from "@/lib/schemas/pagination";

export type AudienceKind = "organization" | "course" | "group";

interface Props {
  /** Administrators may hold events for the whole organization; instructors for their courses and groups. */
  canTargetOrganization: boolean;
  kind: AudienceKind;
  selected: SearchOption | null;
  onChange: (kind: AudienceKind, selected: SearchOption | null) => void;
  error?: string;
}

const coursePath = (q: string) => `/api/courses?view=manage&page_size=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;
const groupPath = (q: string) => `/api/admin/groups?page_size=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;

/** Who the event is for: the whole organization, one course's people, or one group's members. */
export function EventAudienceFields({ canTargetOrganization, kind, selected, onChange, error }: Props) {
  const [remembered, setRemembered] = useState<Record<AudienceKind, SearchOption | null>>({
    organization: null,
    course: null,
    group: null,
    [kind]: selected,
  });
  const choose = (next: AudienceKind, option: SearchOption | null) => {
    setRemembered((r) => ({ ...r, [next]: option }));
    onChange(next, option);
  };
  return (
    <FormControl margin="normal" fullWidth>
      <FormLabel id="audience-label">Who is it for?</FormLabel>
      <RadioGroup
        row
        aria-labelledby="audience-label"
        value={kind}
        onChange={(_, next) => choose(next as AudienceKind, remembered[next as AudienceKind])}
      >
        {canTargetOrganization && (
          <FormControlLabel value="organization" control={<Radio />} label="Everyone in the organization" />
        )}
        <FormControlLabel value="course" control={<Radio />} label="A course" />
        <FormControlLabel value="group" control={<Radio />} label="A group" />
      </RadioGroup>
      {kind === "course" && (
        <SearchSelect<Page<CourseSummaryJson>>
          label="Course"
          pathFor={coursePath}
          optionsOf={(page) => page.items.map((c) => ({ id: c.id, label: c.title }))}
          value={selected}
          onChange={(option) => choose("course", option)}
          error={Boolean(error)}
          helperText={error ?? "Its learners and instructors see the event"}
        />
      )}
      {kind === "group" && (
        <SearchSelect<GroupListJson>
          label="Group"
          pathFor={groupPath}
          optionsOf={(list) => list.groups.map((g) => ({ id: g.id, label: g.name }))}
          value={selected}
          onChange={(option) => choose("group", option)}
          error={Boolean(error)}
          helperText={error ?? "Its members see the event"}
        />
      )}
    </FormControl>
  );
}
