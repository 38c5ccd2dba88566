import { CenteredSpinner } from "@/components/shell/centered-spinner";

export default function Loading() {
  return <CenteredSpinner />;
}
