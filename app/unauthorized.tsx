// unauthorized() outside the route groups, in place of Next's default page (whose inline styles every page's
// data would carry).
export { UnauthorizedPage as default } from "@/components/shell/access-notices";
