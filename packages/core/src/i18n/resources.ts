// One JSON file per language and section; every face adds its strings to its own section.
import zh_CN_common from './locales/zh_CN/common.json' with { type: 'json' };
import zh_CN_nav from './locales/zh_CN/nav.json' with { type: 'json' };
import zh_CN_roles from './locales/zh_CN/roles.json' with { type: 'json' };
import zh_CN_errors from './locales/zh_CN/errors.json' with { type: 'json' };
import zh_CN_validation from './locales/zh_CN/validation.json' with { type: 'json' };
import zh_CN_tokens from './locales/zh_CN/tokens.json' with { type: 'json' };
import zh_CN_auth from './locales/zh_CN/auth.json' with { type: 'json' };
import zh_CN_site from './locales/zh_CN/site.json' with { type: 'json' };
import zh_CN_web from './locales/zh_CN/web.json' with { type: 'json' };
import zh_CN_tui from './locales/zh_CN/tui.json' with { type: 'json' };
import zh_CN_cli from './locales/zh_CN/cli.json' with { type: 'json' };
import zh_CN_server from './locales/zh_CN/server.json' with { type: 'json' };
import zh_HK_common from './locales/zh_HK/common.json' with { type: 'json' };
import zh_HK_nav from './locales/zh_HK/nav.json' with { type: 'json' };
import zh_HK_roles from './locales/zh_HK/roles.json' with { type: 'json' };
import zh_HK_errors from './locales/zh_HK/errors.json' with { type: 'json' };
import zh_HK_validation from './locales/zh_HK/validation.json' with { type: 'json' };
import zh_HK_tokens from './locales/zh_HK/tokens.json' with { type: 'json' };
import zh_HK_auth from './locales/zh_HK/auth.json' with { type: 'json' };
import zh_HK_site from './locales/zh_HK/site.json' with { type: 'json' };
import zh_HK_web from './locales/zh_HK/web.json' with { type: 'json' };
import zh_HK_tui from './locales/zh_HK/tui.json' with { type: 'json' };
import zh_HK_cli from './locales/zh_HK/cli.json' with { type: 'json' };
import zh_HK_server from './locales/zh_HK/server.json' with { type: 'json' };
import en_US_common from './locales/en_US/common.json' with { type: 'json' };
import en_US_nav from './locales/en_US/nav.json' with { type: 'json' };
import en_US_roles from './locales/en_US/roles.json' with { type: 'json' };
import en_US_errors from './locales/en_US/errors.json' with { type: 'json' };
import en_US_validation from './locales/en_US/validation.json' with { type: 'json' };
import en_US_tokens from './locales/en_US/tokens.json' with { type: 'json' };
import en_US_auth from './locales/en_US/auth.json' with { type: 'json' };
import en_US_site from './locales/en_US/site.json' with { type: 'json' };
import en_US_web from './locales/en_US/web.json' with { type: 'json' };
import en_US_tui from './locales/en_US/tui.json' with { type: 'json' };
import en_US_cli from './locales/en_US/cli.json' with { type: 'json' };
import en_US_server from './locales/en_US/server.json' with { type: 'json' };
import ja_JP_common from './locales/ja_JP/common.json' with { type: 'json' };
import ja_JP_nav from './locales/ja_JP/nav.json' with { type: 'json' };
import ja_JP_roles from './locales/ja_JP/roles.json' with { type: 'json' };
import ja_JP_errors from './locales/ja_JP/errors.json' with { type: 'json' };
import ja_JP_validation from './locales/ja_JP/validation.json' with { type: 'json' };
import ja_JP_tokens from './locales/ja_JP/tokens.json' with { type: 'json' };
import ja_JP_auth from './locales/ja_JP/auth.json' with { type: 'json' };
import ja_JP_site from './locales/ja_JP/site.json' with { type: 'json' };
import ja_JP_web from './locales/ja_JP/web.json' with { type: 'json' };
import ja_JP_tui from './locales/ja_JP/tui.json' with { type: 'json' };
import ja_JP_cli from './locales/ja_JP/cli.json' with { type: 'json' };
import ja_JP_server from './locales/ja_JP/server.json' with { type: 'json' };
import type { Language } from './languages.js';

/** The sections every face shows: the first segment of their keys (`tokens.fields.name`). */
export const SHARED_I18N_SECTIONS = [
  'common',
  'nav',
  'roles',
  'errors',
  'validation',
  'tokens',
  'auth',
  'site',
] as const;

/** Every i18n section: the shared ones and one per face. */
export const I18N_SECTIONS = [...SHARED_I18N_SECTIONS, 'web', 'tui', 'cli', 'server'] as const;

/** Every locale's strings, as i18next resources (one `translation` namespace). */
export const RESOURCES: Record<Language, { translation: Record<string, unknown> }> = {
  zh_CN: {
    translation: {
      common: zh_CN_common,
      nav: zh_CN_nav,
      roles: zh_CN_roles,
      errors: zh_CN_errors,
      validation: zh_CN_validation,
      tokens: zh_CN_tokens,
      auth: zh_CN_auth,
      site: zh_CN_site,
      web: zh_CN_web,
      tui: zh_CN_tui,
      cli: zh_CN_cli,
      server: zh_CN_server,
    },
  },
  zh_HK: {
    translation: {
      common: zh_HK_common,
      nav: zh_HK_nav,
      roles: zh_HK_roles,
      errors: zh_HK_errors,
      validation: zh_HK_validation,
      tokens: zh_HK_tokens,
      auth: zh_HK_auth,
      site: zh_HK_site,
      web: zh_HK_web,
      tui: zh_HK_tui,
      cli: zh_HK_cli,
      server: zh_HK_server,
    },
  },
  en_US: {
    translation: {
      common: en_US_common,
      nav: en_US_nav,
      roles: en_US_roles,
      errors: en_US_errors,
      validation: en_US_validation,
      tokens: en_US_tokens,
      auth: en_US_auth,
      site: en_US_site,
      web: en_US_web,
      tui: en_US_tui,
      cli: en_US_cli,
      server: en_US_server,
    },
  },
  ja_JP: {
    translation: {
      common: ja_JP_common,
      nav: ja_JP_nav,
      roles: ja_JP_roles,
      errors: ja_JP_errors,
      validation: ja_JP_validation,
      tokens: ja_JP_tokens,
      auth: ja_JP_auth,
      site: ja_JP_site,
      web: ja_JP_web,
      tui: ja_JP_tui,
      cli: ja_JP_cli,
      server: ja_JP_server,
    },
  },
};
