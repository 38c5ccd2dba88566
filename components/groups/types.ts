// The JSON of app/api/admin/groups/** as the client reads it (lib/server/groups/queries.ts).

export interface GroupJson {
  id: string;
  name: string;
  description: string;
  memberCount: number;
  courseCount: number;
}

export interface GroupDetailJson extends GroupJson {
  courses: { id: string; title: string; status: string }[];
}

export interface GroupListJson {
  groups: GroupJson[];
  page: number;
  page_size: number;
  total: number;
}

export interface GroupMemberJson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  status: string;
  added_at: string;
  courses: { course_id: string; status: string | null; progress_percent: number | null }[];
}
