import { describe, expect, it } from "vitest";
import { readOrganizationSettings, sessionLifetimeSeconds, updateSettingsSchema } from "./organization-settings";
import { updateOrganizationSchema } from "./organizations";

describe("settings validation", () => {
  it("fills what an older document lacks with the defaults", () => {
    expect(readOrganizationSettings({ allowSelfRegistration: false })).toEqual({
      allowSelfRegistration: false,
      selfRegistrationRole: "learner",
      passwordPolicy: { minLength: 8, minStrength: 2 },
      sessionLifetimeHours: 168,
      courseDefaults: { allowSelfEnrollment: true, allowRetakes: false },
      maintenance: { enabled: false, message: "" },
      xapiTracking: true,
    });
  });

  it("keeps the sections that still parse when one is damaged", () => {
    const read = readOrganizationSettings({ allowSelfRegistration: false, passwordPolicy: { minLength: "long" } });
    expect(read.allowSelfRegistration).toBe(false);
    expect(read.passwordPolicy).toEqual({ minLength: 8, minStrength: 2 });
  });

  it("refuses out-of-range values with messages", () => {
    const bad = (input: unknown) => updateSettingsSchema.safeParse(input).error?.issues[0]?.message;
    expect(bad({ passwordPolicy: { minLength: 7, minStrength: 2 } })).toBe("Minimum length must be at least 8");
    expect(bad({ passwordPolicy: { minLength: 8, minStrength: 5 } })).toBe("Minimum strength must be 0, 1, 2, 3 or 4");
    expect(bad({ sessionLifetimeHours: 0 })).toBe("Session lifetime must be at least 1 hour");
    expect(bad({ sessionLifetimeHours: 721 })).toBe("Session lifetime must be at most 720 hours (30 days)");
    expect(bad({ selfRegistrationRole: "admin" })).toBe("Self-registration grants learner or instructor");
    expect(bad({ maintenance: { enabled: true, message: "  " } })).toBe("Write the notice people should see");
    expect(bad({ xapiTracking: "yes" })).toBe("Recording learning activity as xAPI statements must be on or off");
    expect(bad({})).toBe("Send at least one setting to change");
    expect(updateSettingsSchema.safeParse({ color: "red" }).success).toBe(false);
  });

  it("reads the session lifetime cheaply, with the default for anything odd", () => {
    expect(sessionLifetimeSeconds({ sessionLifetimeHours: 2 })).toBe(7200);
    expect(sessionLifetimeSeconds({ sessionLifetimeHours: "2" })).toBe(168 * 3600);
    expect(sessionLifetimeSeconds(null)).toBe(168 * 3600);
  });
});

describe("organization validation", () => {
  it("checks the primary colour's contrast and normalises it", () => {
    expect(updateOrganizationSchema.parse({ primary_color: "#0a66c2" })).toEqual({ primary_color: "#0A66C2" });
    expect(updateOrganizationSchema.safeParse({ primary_color: "#FFCC00" }).error?.issues[0]?.message).toMatch(
      /WCAG AA needs at least 4.5:1/,
    );
    expect(updateOrganizationSchema.safeParse({ primary_color: "blue" }).error?.issues[0]?.message).toBe(
      "Use a colour like #0A66C2",
    );
    expect(updateOrganizationSchema.parse({ primary_color: null })).toEqual({ primary_color: null });
  });
});
