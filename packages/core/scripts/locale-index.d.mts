// Types of the locale index generator, for the test that keeps the generated files current.
export declare const LOCALE_BUNDLE_FILE: string;
export declare const LOCALE_LOADERS_FILE: string;
export declare function localeSections(): string[];
export declare function renderLocaleBundle(): string;
export declare function renderLocaleLoaders(): string;
