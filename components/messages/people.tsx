"use client";

import type { CSSProperties } from "react";
import { useOrigin } from "@/components/hooks/use-browser";
import { avatarInitial, avatarSrc, displayName } from "@/components/shell/display";
import styles from "@/components/messages/messages.module.css";
import type { PersonJson } from "@/components/messages/types";
import { Icon } from "@/components/ui/icon";

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

const sizeStyle = (size: number) => ({ "--avatar-size": `${size}px` }) as CSSProperties;

/** The person's picture (an absolute URL as it is, a stored one under this origin) or their initial. */
export function PersonAvatar({ person, size = 40 }: { person: PersonJson | null; size?: number }) {
  const origin = useOrigin();
  const src = person ? avatarSrc(person.avatar_url, origin) : null;
  return (
    <div className={styles.avatar} style={sizeStyle(size)}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- a person's picture, any size, as MUI's Avatar drew it
        <img src={src} alt="" />
      ) : person ? (
        avatarInitial({ firstName: person.first_name, username: person.username })
      ) : (
        "?"
      )}
    </div>
  );
}

/** A group's avatar: the groups icon on the secondary colour. */
export function GroupAvatar() {
  return (
    <div className={`${styles.avatar} ${styles.groupAvatar}`} style={sizeStyle(40)}>
      <Icon name="groups" size={24} />
    </div>
  );
}
