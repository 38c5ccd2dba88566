// Inside the group's frame, not the root's whole page: components/shell/access-notices.tsx says why.
export { FramedForbidden as default } from "@/components/shell/access-notices";
