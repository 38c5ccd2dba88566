import { PublicLayout } from "@/components/shell/public-layout";

export default PublicLayout;
