import { SignedInLayout } from "@/components/shell/signed-in-layout";

export default SignedInLayout;
