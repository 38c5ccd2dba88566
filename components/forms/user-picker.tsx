"use client";

import type { PersonJson } from "@/components/courses/types";
import { SearchMultiSelect } from "@/components/forms/search-multi-select";
import type { Page } from "@/lib/schemas/pagination";

/** A person as a picker shows them; instructors of a course may come without e-mail and role. */
export type PickedPerson = Pick<PersonJson, "id" | "first_name" | "last_name"> &
  Partial<Pick<PersonJson, "email" | "role">>;

export const personName = (p: PickedPerson) => `${p.first_name} ${p.last_name}`.trim() || p.email || p.id;

interface Props {
  label: string;
  /** learner or staff: passed to GET /api/users?role=; without it, everyone active. */
  role?: "learner" | "staff";
  value: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  error?: boolean;
  helperText?: string;
  /** Users not to offer (e.g. already enrolled). */
  exclude?: ReadonlySet<string>;
}

/** Pick one or many users of the organization, searching the server as you type. */
export function UserPicker({ label, role, value, onChange, error, helperText, exclude }: Props) {
  return (
    <SearchMultiSelect<Page<PersonJson>, PickedPerson>
      label={label}
      pathFor={(query) =>
        `/api/users?page_size=20${role ? `&role=${role}` : ""}${query ? `&q=${encodeURIComponent(query)}` : ""}`
      }
      optionsOf={(data) => data.items.filter((p) => !exclude?.has(p.id))}
      labelOf={personName}
      detailOf={(p) => p.email && <span style={{ opacity: 0.6, marginLeft: 8 }}>{p.email}</span>}
      value={value}
      onChange={onChange}
      error={error}
      helperText={helperText}
    />
  );
}
