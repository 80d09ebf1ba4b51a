// Component tests (happy-dom) wait up to 5 s for what they look for: the default 1 s is shorter than a
// render takes on a CI machine whose two cores also run browser journeys. Journeys (Node, no window)
// do not load Testing Library at all.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
