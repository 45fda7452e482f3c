import { QueryClient } from '@tanstack/react-query';

/** The http client already notifies failures; retrying would repeat the notification. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
