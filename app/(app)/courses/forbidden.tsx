import { BackToCourseButton } from "@/components/learning/back-to-course-button";
import { noticeStyles } from "@/components/shell/centered-column";
import { Icon } from "@/components/ui/icon";
import { NO_MODULE_ACCESS_MESSAGE } from "@/lib/server/courses/access";

// forbidden() from a course page (the player, /learn) lands here, inside the signed-in shell, with a 403.
export default function CourseForbidden() {
  return (
    <div className={noticeStyles.inShell}>
      <Icon name="lock" size={56} className={noticeStyles.icon} />
      <h1 className={noticeStyles.heading}>Access denied</h1>
      <p className={noticeStyles.message}>{NO_MODULE_ACCESS_MESSAGE}</p>
      <BackToCourseButton />
    </div>
  );
}
