// The `metadata` of a consume log (contract §2.5): the very ratios and counts the charge was computed
// from, so the log screen can show how a quota came about.
import { extraBillingPriceUsd } from './extra-billing.js';
import { type BillingUsage, EXTRA_USAGE_KIND_NAMES } from './extra-usage.js';
import type { RequestRatios } from './request-ratios.js';

/** The group a request was billed in. */
export interface LogGroup {
  groupName: string;
  backupGroupName?: string;
  isBackupGroup?: boolean;
}

/** One paid tool family as the log shows it: the per-call price in US dollars. */
export interface LoggedExtraBilling {
  type: string;
  call_count: number;
  price: number;
}

/** The consume-log metadata object; extra kinds appear as `K` and `K_ratio` only when reported. */
export type ConsumeLogMetadata = {
  group_name: string;
  backup_group_name: string;
  is_backup_group: boolean;
  price_type: 'tokens' | 'times';
  group_ratio: number;
  input_ratio: number;
  output_ratio: number;
  first_response?: number;
  extra_billing?: Record<string, LoggedExtraBilling>;
} & Record<string, unknown>;

/** Inputs of the log metadata beside the ratios and the usage. */
export interface LogMetadataOptions {
  model?: string;
  /** Milliseconds to the first byte of a streamed reply. */
  firstResponseMs?: number;
}

/** The metadata of the consume log of one request, from the same inputs as its charge. */
export function consumeLogMetadata(
  group: LogGroup,
  ratios: RequestRatios,
  usage: BillingUsage,
  options: LogMetadataOptions = {},
): ConsumeLogMetadata {
  const metadata: ConsumeLogMetadata = {
    group_name: group.groupName,
    backup_group_name: group.backupGroupName ?? '',
    is_backup_group: group.isBackupGroup ?? false,
    price_type: ratios.priceType,
    group_ratio: ratios.groupRatio.toNumber(),
    input_ratio: ratios.inputRatio.toNumber(),
    output_ratio: ratios.outputRatio.toNumber(),
  };
  if (options.firstResponseMs !== undefined) metadata.first_response = options.firstResponseMs;
  for (const kind of EXTRA_USAGE_KIND_NAMES) {
    const count = usage.extra?.[kind] ?? 0;
    if (!count) continue;
    metadata[kind] = count;
    metadata[`${kind}_ratio`] = ratios.extraRatios[kind].toNumber();
  }
  const services = Object.entries(usage.extra_billing ?? {});
  if (services.length > 0) {
    metadata.extra_billing = Object.fromEntries(
      services.map(([service, call]) => [
        service,
        {
          type: call.type,
          call_count: call.call_count,
          price: extraBillingPriceUsd(options.model ?? '', service, call.type).toNumber(),
        },
      ]),
    );
  }
  return metadata;
}
