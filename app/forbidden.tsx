// forbidden() outside the route groups and the course pages (which have their own), in place of Next's
// default page (whose inline styles every page's data would carry).
export { ForbiddenPage as default } from "@/components/shell/access-notices";
