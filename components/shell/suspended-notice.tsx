import BlockIcon from "@mui/icons-material/Block";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { NoticePage } from "@/components/shell/centered-column";

/** What every page of a suspended organization's host shows instead of itself. */
export function SuspendedNotice({ organizationName }: { organizationName: string }) {
  return (
    <NoticePage>
      <Box aria-hidden sx={{ color: "text.secondary", "& svg": { fontSize: 56 } }}>
        <BlockIcon />
      </Box>
      <Typography variant="h3" component="h1">
        This organization is suspended
      </Typography>
      <Typography sx={{ color: "text.secondary", maxWidth: 560 }}>
        {organizationName} is not available at the moment: nobody can sign in or use its courses. Contact the platform
        administrator if you think this is a mistake.
      </Typography>
    </NoticePage>
  );
}
