import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./client.ts";

/** Retries only what a retry can fix (network, 5xx); a 4xx answer stays as it is. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
