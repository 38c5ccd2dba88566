// Inside the group's frame, not the root's whole page: components/shell/framed-notices.tsx says why.
export { FramedUnauthorized as default } from "@/components/shell/framed-notices";
