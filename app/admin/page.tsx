import List from "@mui/material/List";
import ListItemText from "@mui/material/ListItemText";
import { LinkListItemButton } from "@/components/navigation/link-components";
import { MuiProviders } from "@/components/providers/mui-providers";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { navigationFor } from "@/lib/routes";

export const metadata = { title: "Administration · Learning Management" };

/** The administration index: the caller's administration entries of the side navigation. */
export default async function AdminIndexPage() {
  const caller = await guardSignedInPage("/admin");
  const entries = navigationFor(caller.ctx.role).filter((entry) => entry.href.startsWith("/admin"));
  return (
    <MuiProviders>
      <PageHeader title="Administration" />
      <List aria-label="Administration areas">
        {entries.map((entry) => (
          <LinkListItemButton key={entry.href} href={entry.href}>
            <ListItemText primary={entry.label} />
          </LinkListItemButton>
        ))}
      </List>
    </MuiProviders>
  );
}
