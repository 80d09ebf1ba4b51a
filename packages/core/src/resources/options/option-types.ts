// The types of the option registry: what an option definition says about a key.

/** How an option's text is read: every value travels as a string. */
export type OptionKind = 'bool' | 'int' | 'decimal' | 'text' | 'url' | 'domains' | 'choice' | 'json';

/** The JSON options' shapes (contract §3.5, console-spec §5). */
export type OptionJsonShape =
  /** `{"<amount>": factor}`: positive integer amounts, factors > 0. */
  | 'discount'
  /** `[{name, url, show, sort}]` (or `""`: the built-in links). */
  | 'chat_links'
  /** `{"<name>": ratio}` with ratios ≥ 0 (group and model ratio maps). */
  | 'ratio_map'
  /** `{"<model>": max_tokens}` with positive integers. */
  | 'positive_int_map'
  /** `{"<model>": true|false}`. */
  | 'bool_map';

/** The settings screen's tabs (console-screens §24); `internal` options have no card. */
export type OptionTab = 'operation' | 'system' | 'other' | 'internal';

export interface OptionDefinition {
  key: string;
  kind: OptionKind;
  /** The value when none is stored. */
  default: string;
  tab: OptionTab;
  /** The card of the tab (i18n key `options.cards.<card>`). */
  card: string;
  /** Never returned by `GET /api/option/`; still writable. */
  secret?: boolean;
  /** Kept by the server itself: `PUT /api/option/` refuses it. */
  readOnly?: boolean;
  /** Bounds of `int` / `decimal` values (inclusive, unless `exclusiveMin`). */
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  /** Longest accepted text (characters). */
  maxLength?: number;
  /** The allowed values of a `choice`. */
  choices?: readonly string[];
  /** URL schemes a `url` accepts (default http, https). */
  schemes?: readonly string[];
  /** Saved only when something was typed: blank keeps the stored value (an SMTP port, §24.2). */
  keepBlank?: boolean;
  /** Trailing slashes are dropped before storing (addresses other paths are appended to). */
  trimTrailingSlash?: boolean;
  json?: OptionJsonShape;
}

/** Longest text an option takes unless its definition says less (home page HTML, notices). */
export const OPTION_TEXT_MAX_LENGTH = 1_048_576;
/** Longest identifier, key or short setting. */
export const OPTION_SHORT_MAX_LENGTH = 512;
/** Longest URL. */
export const OPTION_URL_MAX_LENGTH = 2048;

/** The content-safety tools the server offers (`GET /api/option/safe_tools`). */
export const SAFE_TOOLS = ['Keyword'] as const;
