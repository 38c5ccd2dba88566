// The sections drawn with MUI (components/providers/mui-layout.tsx); General, above this group, is not.
export { default } from "@/components/providers/mui-layout";
