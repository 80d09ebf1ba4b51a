// Modules the build makes (rolldown.config.mjs): one language's strings, every section.
declare module 'virtual:gw-locale/*' {
  export const sections: Record<string, unknown>;
}
