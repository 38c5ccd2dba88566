/**
 * The icons the zero-runtime parts draw, by our name → the Material icon it is (@mui/icons-material's
 * export). scripts/write-icons.ts copies their shapes into icon-shapes.ts, so drawing one costs an <svg>
 * and no styling at runtime.
 */
export const ICON_SOURCES = {
  dashboard: "Dashboard",
  catalog: "MenuBook",
  overview: "Insights",
  reports: "Assessment",
  courses: "School",
  categories: "Category",
  users: "People",
  groups: "Groups",
  events: "Event",
  calendar: "CalendarMonth",
  profile: "Person",
  messages: "Forum",
  organizations: "Business",
  importExport: "ImportExport",
  settings: "Settings",
  subdomains: "Dns",
  darkMode: "DarkMode",
  lightMode: "LightMode",
  menu: "Menu",
  manageAccounts: "ManageAccounts",
  logout: "Logout",
  maintenance: "Engineering",
  inbox: "Inbox",
  resume: "PlayCircleOutlined",
  completed: "CheckCircle",
  notCompleted: "RadioButtonUnchecked",
  suspended: "Block",
  error: "ErrorOutlineOutlined",
  download: "Download",
  copy: "ContentCopy",
  play: "PlayArrow",
  edit: "Edit",
  lock: "LockOutlined",
  info: "InfoOutlined",
  warning: "ReportProblemOutlined",
  success: "TaskAltOutlined",
  arrowBack: "ArrowBack",
  arrowForward: "ArrowForward",
  chevronLeft: "KeyboardArrowLeft",
  chevronRight: "KeyboardArrowRight",
} as const;

export type IconName = keyof typeof ICON_SOURCES;
