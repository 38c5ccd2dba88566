// Pages drawn with MUI (components/providers/mui-layout.tsx).
export { default } from "@/components/providers/mui-layout";
