// The two halves of Blueprint's stylesheet served by build/split-blueprint-css.ts.
declare module 'virtual:blueprint-critical.css';
declare module 'virtual:blueprint-deferred.css';
