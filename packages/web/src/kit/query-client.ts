import { QueryClient } from '@tanstack/react-query';

// The console's one query cache. It lives with the kit (loaded by the route chunks), not in the shell,
// so the first screen does not carry TanStack Query.
export const queryClient = new QueryClient({
  defaultOptions: {
    // A list is refetched when its screen opens again; errors are toasted by the screen, not retried.
    queries: { staleTime: 0, retry: false, refetchOnWindowFocus: false },
  },
});
