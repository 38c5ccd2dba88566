import "server-only";
import { AppError } from "@/lib/errors";

// Names unique within an organization whatever their case (a category, a group): how a clash is found,
// and the 409 it becomes.

/** The `where` of another record of the organization with `name` (in any case), `exceptId` aside. */
export function sameNameWhere(organizationId: string, name: string, exceptId?: string) {
  return {
    organizationId,
    name: { equals: name, mode: "insensitive" as const },
    ...(exceptId ? { id: { not: exceptId } } : {}),
  };
}

/** `noun`: what the name is of ("category", "group"). */
export function nameTaken(noun: string, name: string): AppError {
  return new AppError("CONFLICT", `A ${noun} named '${name}' already exists`, {
    fieldErrors: { name: [`A ${noun} with this name already exists`] },
  });
}
