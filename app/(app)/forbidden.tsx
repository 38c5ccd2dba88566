// Inside the group's frame, not the root's whole page: components/shell/framed-notices.tsx says why.
export { FramedForbidden as default } from "@/components/shell/framed-notices";
