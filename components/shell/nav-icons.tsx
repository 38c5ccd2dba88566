import AssessmentIcon from "@mui/icons-material/Assessment";
import BusinessIcon from "@mui/icons-material/Business";
import CalendarMonthIcon from "@mui/icons-material/CalendarMonth";
import CategoryIcon from "@mui/icons-material/Category";
import DashboardIcon from "@mui/icons-material/Dashboard";
import DnsIcon from "@mui/icons-material/Dns";
import EventIcon from "@mui/icons-material/Event";
import ForumIcon from "@mui/icons-material/Forum";
import GroupsIcon from "@mui/icons-material/Groups";
import ImportExportIcon from "@mui/icons-material/ImportExport";
import InsightsIcon from "@mui/icons-material/Insights";
import MenuBookIcon from "@mui/icons-material/MenuBook";
import PeopleIcon from "@mui/icons-material/People";
import PersonIcon from "@mui/icons-material/Person";
import SchoolIcon from "@mui/icons-material/School";
import SettingsIcon from "@mui/icons-material/Settings";
import type SvgIcon from "@mui/material/SvgIcon";
import type { NavIcon } from "@/lib/routes";

/** The one place a route-table icon name becomes a picture; a new NavIcon fails to compile until mapped. */
export const NAV_ICONS: Record<NavIcon, typeof SvgIcon> = {
  dashboard: DashboardIcon,
  catalog: MenuBookIcon,
  overview: InsightsIcon,
  reports: AssessmentIcon,
  courses: SchoolIcon,
  categories: CategoryIcon,
  users: PeopleIcon,
  groups: GroupsIcon,
  events: EventIcon,
  calendar: CalendarMonthIcon,
  profile: PersonIcon,
  messages: ForumIcon,
  organizations: BusinessIcon,
  importExport: ImportExportIcon,
  settings: SettingsIcon,
  subdomains: DnsIcon,
};
