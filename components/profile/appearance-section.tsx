"use client";

import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { useThemeChoice } from "@/components/shell/theme-mode";
import type { ThemeModeChoice } from "@/lib/schemas/auth";

/** Light or dark: applied at once (and kept under `mui-mode` in this browser), saved with the account for every other one. */
export function AppearanceSection() {
  const section = useSectionResult();
  const theme = useThemeChoice();
  const choose = async (next: ThemeModeChoice) => {
    section.clear();
    try {
      await theme.choose(next);
      section.succeed(
        next === "dark" ? "Dark mode is saved for your account." : "Light mode is saved for your account.",
      );
    } catch (e) {
      section.fail(e);
    }
  };
  return (
    <ProfileSection
      title="Appearance"
      description="Your choice follows you to every device you sign in on."
      result={section.result}
    >
      <RadioGroup
        row
        aria-label="Colour mode"
        value={theme.current}
        onChange={(_, value) => void choose(value === "dark" ? "dark" : "light")}
      >
        <FormControlLabel value="light" control={<Radio />} label="Light" disabled={!theme.known} />
        <FormControlLabel value="dark" control={<Radio />} label="Dark" disabled={!theme.known} />
      </RadioGroup>
    </ProfileSection>
  );
}
