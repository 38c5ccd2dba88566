import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { BackToCourseButton } from "@/components/learning/back-to-course-button";
import { NO_MODULE_ACCESS_MESSAGE } from "@/lib/server/courses/access";

// forbidden() from a course page (the player, /learn) lands here, inside the signed-in shell, with a 403.
export default function CourseForbidden() {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: 2, py: 8 }}>
      <LockOutlinedIcon color="action" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1">
        Access denied
      </Typography>
      <Typography>{NO_MODULE_ACCESS_MESSAGE}</Typography>
      <BackToCourseButton />
    </Box>
  );
}
