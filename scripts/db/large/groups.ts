import { v7 } from "uuid";
import type pg from "pg";
import type { OrganizationRef } from "./catalog";
import { CopyWriter, timestamp } from "./copy-writer";
import { BIG_ORGANIZATION, HUGE_ORGANIZATION } from "./plan";
import type { Random } from "./random";

// The big organization's groups: everyone in one region group (2,000 people each at 50,000), 30% also in
// one team group. The user administration's benchmark filters its list by the first region. The huge
// organization (250,000 enrollments) has the same groups, for the reports' per-group rows.

export const regionGroupName = (i: number) => `Region ${String(i + 1).padStart(2, "0")}`;

export async function loadGroups(
  client: pg.Client,
  organizations: OrganizationRef[],
  random: Random,
  now: number,
): Promise<{ Group: number; GroupMember: number }> {
  const at = now - 300 * 86_400_000;
  const groups = new CopyWriter(client, "Group", [
    "id",
    "organizationId",
    "name",
    "description",
    "createdAt",
    "updatedAt",
  ]);
  const plans: { org: OrganizationRef; ids: string[]; regions: number; teams: number }[] = [];
  for (const shape of [BIG_ORGANIZATION, HUGE_ORGANIZATION]) {
    const org = organizations.find((o) => o.index === shape.index)!;
    const names = [
      ...Array.from({ length: shape.regionGroups }, (_, i) => regionGroupName(i)),
      ...Array.from({ length: shape.teamGroups }, (_, i) => `Team ${i + 1}`),
    ];
    const ids = names.map((_, i) => v7({ msecs: at + i }));
    for (const [i, name] of names.entries())
      await groups.row([ids[i]!, org.id, name, `Everyone in ${name}`, timestamp(at), timestamp(at)]);
    plans.push({ org, ids, regions: shape.regionGroups, teams: shape.teamGroups });
  }
  const Group = await groups.end();

  const members = new CopyWriter(client, "GroupMember", ["organizationId", "groupId", "userId", "addedAt"]);
  for (const { org, ids, regions, teams } of plans) {
    const people = [org.benchLearner, ...org.learners];
    for (const [j, person] of people.entries()) {
      const added = timestamp(Math.max(at, person.createdAt));
      await members.row([org.id, ids[j % regions]!, person.id, added]);
      if (random.chance(0.3)) await members.row([org.id, ids[regions + random.int(0, teams - 1)]!, person.id, added]);
    }
  }
  const GroupMember = await members.end();
  return { Group, GroupMember };
}
