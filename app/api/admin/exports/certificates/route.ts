import { notAllowedExcept } from "@/lib/http";
import { exportRoute } from "@/lib/server/exports/export-route";

export const GET = exportRoute("certificates");

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
