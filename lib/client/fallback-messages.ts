// The spec's fallback messages (docs/specification.md "Wording"): shown when the server gave no message of
// its own. A module of their own, so code outside the app's bundle (the SCORM runtime on the content
// host) can use them without the fetch layer.

export const FALLBACK_MESSAGES = {
  login: "Login failed",
  register: "Registration failed",
  registerOrganization: "Organization registration failed",
  fetchProfile: "Failed to fetch profile",
  updateProfile: "Failed to update profile",
  unreadCount: "Failed to get unread count",
  scormProgress: "Failed to update SCORM progress",
  groups: "Error fetching groups",
} as const;
