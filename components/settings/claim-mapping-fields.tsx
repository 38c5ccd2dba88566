"use client";

import Stack from "@mui/material/Stack";
import type { Control } from "react-hook-form";
import { FormSwitch } from "@/components/forms/form-switch";
import { FormTextField } from "@/components/forms/form-text-field";

/** The fields every sign-in provider's form has, whatever its protocol. */
export interface ClaimMappingValues {
  emailClaim: string;
  firstNameClaim: string;
  lastNameClaim: string;
  roleClaim: string;
  instructorValues: string;
  orgAdminValues: string;
  enabled: boolean;
  jitEnabled: boolean;
}

/**
 * Where the provider's answer carries the person's e-mail, names and role (OpenID Connect calls them
 * claims, SAML attributes), which values make an instructor or an admin, and whether the provider shows
 * on the login page and may make accounts.
 */
export function ClaimMappingFields({
  control,
  noun,
}: {
  control: Control<ClaimMappingValues>;
  noun: "claim" | "attribute";
}) {
  return (
    <>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField control={control} name="emailClaim" label={`E-mail ${noun}`} />
        <FormTextField control={control} name="firstNameClaim" label={`First name ${noun}`} />
        <FormTextField control={control} name="lastNameClaim" label={`Last name ${noun}`} />
      </Stack>
      <FormTextField
        control={control}
        name="roleClaim"
        label={`Role ${noun} (optional)`}
        placeholder="groups"
        helperText="Read when an account is made on first sign-in; without it everyone is a learner"
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField
          control={control}
          name="instructorValues"
          label="Values for Instructor"
          helperText="Comma-separated"
        />
        <FormTextField control={control} name="orgAdminValues" label="Values for Admin" helperText="Comma-separated" />
      </Stack>
      <FormSwitch control={control} name="enabled" label="Show “Sign in with …” on the login page" />
      <FormSwitch
        control={control}
        name="jitEnabled"
        label="Make an account on first sign-in"
        helperText="Off: only people who already have an account here can sign in"
      />
    </>
  );
}
