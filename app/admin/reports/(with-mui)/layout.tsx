// The report views drawn with MUI's Data Grid (components/providers/mui-layout.tsx); the overview, above
// this group, and the filter bar in the reports' layout are not.
export { default } from "@/components/providers/mui-layout";
