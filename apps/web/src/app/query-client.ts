import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../api/index.ts";

/** Server state cache. A refused request (4xx) is not retried: it would only be refused again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          return false;
        }
        return failureCount < 1;
      },
    },
    mutations: { retry: false },
  },
});
