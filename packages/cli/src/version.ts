// The CLI's version without loading core: `gw --version` must answer before anything heavy loads.
import cliPackage from '../package.json' with { type: 'json' };

/** `v` and the package version, as core's GW_VERSION spells it (a test keeps the two equal). */
export const CLI_VERSION = `v${cliPackage.version}`;
