// Row types of the tables the migrations create (the database's view, not the wire's).
import type { Generated } from 'kysely';

export interface UserRow {
  id: Generated<number>;
  username: string;
  password: string;
  display_name: Generated<string>;
  role: Generated<number>;
  status: Generated<number>;
  email: Generated<string>;
  avatar_url: Generated<string>;
  oidc_id: Generated<string>;
  github_id: Generated<string>;
  github_id_new: Generated<number>;
  wechat_id: Generated<string>;
  telegram_id: Generated<number>;
  lark_id: Generated<string>;
  access_token: Generated<string>;
  quota: Generated<number>;
  used_quota: Generated<number>;
  request_count: Generated<number>;
  group: Generated<string>;
  aff_code: Generated<string>;
  aff_count: Generated<number>;
  aff_quota: Generated<number>;
  aff_history: Generated<number>;
  inviter_id: Generated<number>;
  last_login_time: Generated<number>;
  last_login_ip: Generated<string>;
  created_time: Generated<number>;
}

export interface TokenRow {
  id: Generated<number>;
  user_id: number;
  /** NULL only between the insert and the key update inside one transaction. */
  key: string | null;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  /** 0 or 1 (an integer column on every dialect). */
  unlimited_quota: number;
  used_quota: number;
  group: string;
  backup_group: string;
  /** TokenSetting as JSON text. */
  setting: string;
}

export interface OptionRow {
  key: string;
  value: string;
}

/** A log row (contract §2.5); `metadata` is JSON text or NULL, `is_stream` 0/1. */
export interface LogRow {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: Generated<string>;
  token_name: Generated<string>;
  model_name: Generated<string>;
  quota: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  channel_id: Generated<number>;
  request_time: Generated<number>;
  is_stream: Generated<number>;
  source_ip: Generated<string>;
  metadata: string | null;
}

export interface GwTables {
  users: UserRow;
  tokens: TokenRow;
  options: OptionRow;
  logs: LogRow;
}
