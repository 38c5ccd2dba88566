// The administration pages sit in the same signed-in shell as the learner's pages.
export { default } from "@/app/(app)/layout";
