import type { Role } from "@/lib/routes";
import type { ThemeModeChoice } from "@/lib/schemas/auth";

/** What the shell needs to know about the signed-in user; the (app) and admin layouts build it. */
export interface ShellUser {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  role: Role;
  avatarUrl: string | null;
  /** The light/dark choice saved with the account (null: never chosen). */
  themeMode: ThemeModeChoice | null;
}
