// Where cmi5 is served outside /api: the AU's files on the organization's content host (a capability
// token in the path, as SCORM's), and the one-time fetch URL on the organization's app host.

export const CMI5_PATHS = {
  /** GET/HEAD on the content host: a packaged course's files. */
  files: "/cmi5/files/",
  /** POST on the app host: the session's LRS credential, once. */
  fetch: "/cmi5/fetch/",
} as const;
