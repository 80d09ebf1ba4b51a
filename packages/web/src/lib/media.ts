import { useEffect, useState } from 'react';

/** Breakpoints of spec §9: sm collapses the top navigation, md pins the drawer. */
export const SMALL_SCREEN = '(max-width: 600px)';
export const MEDIUM_UP = '(min-width: 900px)';

/** Whether a media query matches, following changes. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
