import { unknownApiPath } from "@/lib/http";

// Any path below here that no route file serves: a JSON 404, never Next's HTML page.
export const { GET, POST, PUT, PATCH, DELETE } = unknownApiPath();
