import { DEFAULT_LANGUAGE, type Language, normalizeLanguage } from '@gw/core';

/**
 * The interface language: the explicit option, else the POSIX locale variables in their order of
 * precedence (LC_ALL, LC_MESSAGES, LANG), else zh_CN. `C` and `POSIX` locales name no language.
 */
export function tuiLanguage(option: string | undefined, env: Record<string, string | undefined>): Language {
  for (const candidate of [option, env.LC_ALL, env.LC_MESSAGES, env.LANG]) {
    const language = normalizeLanguage(candidate?.split('.')[0]);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
