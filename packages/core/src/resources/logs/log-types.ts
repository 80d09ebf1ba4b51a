/** Log types (contract §4.5); as a list filter, 0 means every type. */
export const LOG_TYPE = { all: 0, topup: 1, consume: 2, manage: 3, system: 4 } as const;
export type LogType = (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
