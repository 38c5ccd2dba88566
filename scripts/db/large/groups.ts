import { v7 } from "uuid";
import type pg from "pg";
import type { OrganizationRef } from "./catalog";
import { CopyWriter, timestamp } from "./copy-writer";
import { BIG_ORGANIZATION } from "./plan";
import type { Random } from "./random";

// The big organization's groups: everyone in one region group (2,000 people each at 50,000), 30% also in
// one team group. The user administration's benchmark filters its list by the first region.

export const regionGroupName = (i: number) => `Region ${String(i + 1).padStart(2, "0")}`;

export async function loadGroups(client: pg.Client, organizations: OrganizationRef[], random: Random, now: number): Promise<{ Group: number; GroupMember: number }> {
  const org = organizations.find((o) => o.index === BIG_ORGANIZATION.index)!;
  const at = now - 300 * 86_400_000;
  const names = [...Array.from({ length: BIG_ORGANIZATION.regionGroups }, (_, i) => regionGroupName(i)), ...Array.from({ length: BIG_ORGANIZATION.teamGroups }, (_, i) => `Team ${i + 1}`)];
  const ids = names.map((_, i) => v7({ msecs: at + i }));
  const groups = new CopyWriter(client, "Group", ["id", "organizationId", "name", "description", "createdAt", "updatedAt"]);
  for (const [i, name] of names.entries()) await groups.row([ids[i]!, org.id, name, `Everyone in ${name}`, timestamp(at), timestamp(at)]);
  const Group = await groups.end();

  const members = new CopyWriter(client, "GroupMember", ["organizationId", "groupId", "userId", "addedAt"]);
  const people = [org.benchLearner, ...org.learners];
  for (const [j, person] of people.entries()) {
    const added = timestamp(Math.max(at, person.createdAt));
    await members.row([org.id, ids[j % BIG_ORGANIZATION.regionGroups]!, person.id, added]);
    if (random.chance(0.3)) await members.row([org.id, ids[BIG_ORGANIZATION.regionGroups + random.int(0, BIG_ORGANIZATION.teamGroups - 1)]!, person.id, added]);
  }
  const GroupMember = await members.end();
  return { Group, GroupMember };
}
