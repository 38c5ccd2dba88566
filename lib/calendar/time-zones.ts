// IANA time zones, checked with the platform's own Intl data (the same list in Node and the browser).

/** The zone's canonical spelling, or null when the platform does not know it. */
export function canonicalTimeZone(value: string): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

/** Every zone a person may choose, UTC first (Intl lists the geographic ones only). */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}

/** The zone this browser (or server process) runs in. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
