"use client";

import Avatar from "@mui/material/Avatar";
import { useOrigin } from "@/components/hooks/use-browser";
import { avatarInitial, avatarSrc, displayName } from "@/components/shell/display";
import type { PersonJson } from "@/components/messages/types";

/** The spec's display name (docs/specification.md "People": 'first last', else first, else username) for the API's snake_case person. */
export function personName(person: Pick<PersonJson, "first_name" | "last_name" | "username">): string {
  return displayName({ firstName: person.first_name, lastName: person.last_name, username: person.username });
}

/** "Ann Smith", "Ann Smith and Bob Jones", "Ann Smith, Bob Jones and 3 others". */
export function peopleList(people: PersonJson[], total: number): string {
  const names = people.slice(0, 2).map(personName);
  const rest = total - names.length;
  if (rest <= 0) return names.length === 2 ? `${names[0]} and ${names[1]}` : (names[0] ?? "Nobody else");
  return `${names.join(", ")} and ${rest} ${rest === 1 ? "other" : "others"}`;
}

/** The person's picture (an absolute URL as it is, a stored one under this origin) or their initial. */
export function PersonAvatar({ person, size = 40 }: { person: PersonJson | null; size?: number }) {
  const origin = useOrigin();
  const src = person ? avatarSrc(person.avatar_url, origin) : null;
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: "primary.main", color: "primary.contrastText", fontSize: size * 0.45 }}
    >
      {person ? avatarInitial({ firstName: person.first_name, username: person.username }) : "?"}
    </Avatar>
  );
}
