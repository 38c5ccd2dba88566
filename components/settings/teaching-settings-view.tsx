import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { ReadOnlyNotice } from "@/components/shell/read-only-notice";
import { STRENGTH_LABELS } from "@/lib/password-policy";
import type { TeachingSettings } from "@/lib/schemas/organization-settings";

const onOff = (on: boolean) => (on ? "On" : "Off");

/** What instructors and org admins find under /admin/settings: the settings that concern teaching, read-only. */
export function TeachingSettingsView({ settings }: { settings: TeachingSettings }) {
  const { courseDefaults, passwordPolicy } = settings;
  return (
    <>
      <ReadOnlyNotice what="the organization's settings">Here are those that concern teaching.</ReadOnlyNotice>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-label="Default course settings">
        <Typography variant="h6" component="h2">
          Default course settings
        </Typography>
        <Typography sx={{ color: "text.secondary" }}>
          What a new course starts with; you can change them per course.
        </Typography>
        <List dense>
          <ListItem>
            <ListItemText
              primary="Learners may enroll themselves"
              secondary={onOff(courseDefaults.allowSelfEnrollment)}
            />
          </ListItem>
          <ListItem>
            <ListItemText
              primary="Learners may retake a completed SCORM lesson"
              secondary={onOff(courseDefaults.allowRetakes)}
            />
          </ListItem>
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Password policy">
        <Typography variant="h6" component="h2">
          Password policy
        </Typography>
        <Typography sx={{ color: "text.secondary" }}>
          What every password in the organization must meet, yours and your learners&apos;.
        </Typography>
        <List dense>
          <ListItem>
            <ListItemText primary="Minimum length" secondary={`${passwordPolicy.minLength} characters`} />
          </ListItem>
          <ListItem>
            <ListItemText
              primary="Minimum strength"
              secondary={`${passwordPolicy.minStrength} – ${STRENGTH_LABELS[passwordPolicy.minStrength]}`}
            />
          </ListItem>
        </List>
      </Paper>
    </>
  );
}
