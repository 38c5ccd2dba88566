import { ReportsLoading } from "@/components/reports/reports-loading";

export default function Loading() {
  return <ReportsLoading />;
}
