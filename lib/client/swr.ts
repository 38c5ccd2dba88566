"use client";

import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import { apiFetch } from "./api";
import type { ApiError } from "./api-error";

/** SWR's key is the API path; apiFetch prefixes it, so `"courses"` and `"/api/courses"` both work. */
export function fetcher<T>(path: string): Promise<T> {
  return apiFetch<T>(path);
}

/** useSWR over apiFetch. A null path means "not now" (e.g. not signed in yet): nothing is requested. */
export function useApi<T>(path: string | null, options?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError, string | null>(path, fetcher<T>, options);
}
