import { NoticePage, noticeStyles } from "@/components/shell/centered-column";
import { Icon } from "@/components/ui/icon";

/** What every page of a suspended organization's host shows instead of itself. */
export function SuspendedNotice({ organizationName }: { organizationName: string }) {
  return (
    <NoticePage>
      <Icon name="suspended" size={56} className={noticeStyles.icon} />
      <h1 className={noticeStyles.title}>This organization is suspended</h1>
      <p className={noticeStyles.text}>
        {organizationName} is not available at the moment: nobody can sign in or use its courses. Contact the platform
        administrator if you think this is a mistake.
      </p>
    </NoticePage>
  );
}
