// In-flight claims shared by every process on one Redis (hardening of spec §9.4): a hash per user and per
// limited token, one field per request, `points:expiresAtMs:state:node` with state `r` (running, counted
// everywhere) or `o` (settled, not yet written: counted by the other processes only, since the writing
// process has it in its ledger's pending sums). The check and the record are one Lua script, so two
// processes can never both spend the same balance. Fields carry their own expiry, so a crashed process's
// claims fade within RUNNING_TTL_MS; a live process refreshes its running claims every REFRESH_MS.
import type { Redis } from 'ioredis';
import { LuaScript } from '../../redis/lua-script.js';
import {
  type InFlightBalanceSource,
  type InFlightClaim,
  type InFlightGrowth,
  type InFlightStore,
  MemoryInFlightStore,
  readBalances,
} from './in-flight.js';

/** A running claim's field lives this long unless refreshed. */
export const RUNNING_TTL_MS = 180_000;
const REFRESH_MS = 60_000;
/** A settled request's charge is counted at most this long if its batch never reaches the database. */
const OWED_TTL_MS = 600_000;
/** Kept after the write so the other processes' key caches (1 s) have re-read the balance. */
export const WRITTEN_GRACE_MS = 2_500;

// ARGV: 1 claim id, 2 points asked, 3 one-hub minimum, 4 node, 5 now, 6 expiry, 7 user balance,
// 8 token balance, 9 key ttl, 10 mode ('a' admit, 'g' grow an existing claim), 11 least points granted.
// Returns 'user' / 'token' (refused) or the points granted. A growing claim does not count itself.
const CLAIM_SCRIPT = new LuaScript(`
local now = tonumber(ARGV[5])
local growing = ARGV[10] == 'g'
local function others(key)
  local sum, running = 0, 0
  local all = redis.call('HGETALL', key)
  for i = 1, #all, 2 do
    local points, expires, state, node = string.match(all[i + 1], '^(%-?%d+):(%d+):(%a):(.*)$')
    if points == nil or tonumber(expires) < now then
      redis.call('HDEL', key, all[i])
    elseif all[i] == ARGV[1] then
      -- the growing claim itself
    elseif state == 'r' then
      sum = sum + tonumber(points)
      running = running + 1
    elseif node ~= ARGV[4] then
      sum = sum + tonumber(points)
    end
  end
  return sum, running
end
local function grant(balance, sum, running)
  local room = balance - sum
  if room >= tonumber(ARGV[2]) then return tonumber(ARGV[2]) end
  if not growing and running == 0 and room >= tonumber(ARGV[3]) then return tonumber(ARGV[2]) end
  if room >= tonumber(ARGV[11]) then return room end
  return nil
end
local own = nil
if growing then
  local current = redis.call('HGET', KEYS[1], ARGV[1])
  if not current then return 'user' end
  own = tonumber(string.match(current, '^(%-?%d+):'))
end
local granted = tonumber(ARGV[2])
if #KEYS == 2 then
  local sum, running = others(KEYS[2])
  local forToken = grant(tonumber(ARGV[8]), sum, running)
  if forToken == nil then return 'token' end
  if forToken < granted then granted = forToken end
end
local sum, running = others(KEYS[1])
local forUser = grant(tonumber(ARGV[7]), sum, running)
if forUser == nil then return 'user' end
if forUser < granted then granted = forUser end
if own ~= nil and granted < own then return 'user' end
local value = string.format('%d', granted) .. ':' .. ARGV[6] .. ':r:' .. ARGV[4]
for i = 1, #KEYS do
  redis.call('HSET', KEYS[i], ARGV[1], value)
  redis.call('PEXPIRE', KEYS[i], ARGV[9])
end
return granted`);

// Extends running claims' expiry without touching their points: a refresh that wrote the points it knew
// could undo a growth whose script ran just before it. KEYS: the claim's hashes; ARGV: 1 claim id,
// 2 expiry, 3 key ttl.
const REFRESH_SCRIPT = new LuaScript(`
for i = 1, #KEYS do
  local value = redis.call('HGET', KEYS[i], ARGV[1])
  if value then
    local points, state, node = string.match(value, '^(%-?%d+):%d+:(%a):(.*)$')
    if state == 'r' then
      redis.call('HSET', KEYS[i], ARGV[1], points .. ':' .. ARGV[2] .. ':r:' .. node)
      redis.call('PEXPIRE', KEYS[i], ARGV[3])
    end
  end
end
return 1`);

export interface RedisInFlightOptions {
  keyPrefix?: string;
  /** This process's node id (GW_NODE_ID): its own settled claims are not counted by it. */
  nodeId: string;
  /** Told about Redis failures; the store then counts this process's claims only. */
  onError?: (error: unknown) => void;
}

export class RedisInFlightStore implements InFlightStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #node: string;
  readonly #onError: (error: unknown) => void;
  /** Claims admitted while Redis failed. */
  readonly #fallback = new MemoryInFlightStore();
  readonly #running = new Map<string, InFlightClaim>();
  readonly #owed = new Map<string, InFlightClaim>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #refresh: NodeJS.Timeout;

  constructor(redis: Redis, options: RedisInFlightOptions) {
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? '';
    this.#node = options.nodeId;
    this.#onError = options.onError ?? (() => {});
    this.#refresh = setInterval(() => this.#refreshRunning(), REFRESH_MS);
    this.#refresh.unref();
  }

  async admit(claim: InFlightClaim, balances: InFlightBalanceSource): Promise<'user' | 'token' | number> {
    try {
      const result = await this.#run(claim, 'a', claim, balances);
      if (typeof result === 'string') return result;
      this.#running.set(claim.id, { ...claim, points: result });
      return result;
    } catch (error) {
      this.#onError(error);
      return this.#fallback.admitNow(claim, readBalances(balances));
    }
  }

  async grow(
    claimId: string,
    growth: InFlightGrowth,
    balances: InFlightBalanceSource,
  ): Promise<number | undefined> {
    const claim = this.#running.get(claimId);
    if (!claim) return this.#fallback.growNow(claimId, growth, readBalances(balances));
    try {
      const result = await this.#run(claim, 'g', { ...growth, minimum: growth.points }, balances);
      if (typeof result === 'string') return undefined;
      claim.points = result;
      return result;
    } catch (error) {
      // Without Redis the other processes' claims are unknown: the stream ends rather than overspend.
      this.#onError(error);
      return undefined;
    }
  }

  async #run(
    claim: InFlightClaim,
    mode: 'a' | 'g',
    asked: { points: number; minimum: number; least?: number },
    source: InFlightBalanceSource,
  ): Promise<'user' | 'token' | number> {
    // The balances are read as the script is sent: this process's settlements mark their claims settled
    // (uncounted here) in commands sent after, so a charge is either in the balances or still a claim.
    const result = await CLAIM_SCRIPT.run(this.#redis, this.#keys(claim), () => {
      const balances = readBalances(source);
      const now = Date.now();
      return [
        claim.id,
        asked.points,
        asked.minimum,
        this.#node,
        now,
        now + RUNNING_TTL_MS,
        balances.user,
        balances.token ?? 0,
        OWED_TTL_MS,
        mode,
        asked.least ?? asked.points,
      ];
    });
    if (result === 'user' || result === 'token') return result;
    if (typeof result === 'number') return result;
    throw new Error(`unexpected in-flight script reply: ${String(result)}`);
  }

  release(claimId: string): void {
    this.#fallback.release(claimId);
    const claim = this.#running.get(claimId);
    if (!claim) return;
    this.#running.delete(claimId);
    this.#write((pipeline) => {
      for (const key of this.#keys(claim)) pipeline.hdel(key, claimId);
    });
  }

  settled(claimId: string, owed: { user: number; token: number }): void {
    this.#fallback.release(claimId);
    const claim = this.#running.get(claimId);
    if (!claim) return;
    this.#running.delete(claimId);
    const [userKey, tokenKey] = this.#keys(claim);
    const expires = Date.now() + OWED_TTL_MS;
    const field = (points: number) => `${Math.max(0, Math.trunc(points))}:${expires}:o:${this.#node}`;
    if (owed.user > 0 || (tokenKey && owed.token > 0)) this.#owed.set(claimId, claim);
    this.#write((pipeline) => {
      if (owed.user > 0) pipeline.hset(userKey as string, claimId, field(owed.user));
      else pipeline.hdel(userKey as string, claimId);
      if (!tokenKey) return;
      if (owed.token > 0) pipeline.hset(tokenKey, claimId, field(owed.token));
      else pipeline.hdel(tokenKey, claimId);
    });
  }

  written(ids: readonly string[]): void {
    const claims = ids.flatMap((id) => {
      const claim = this.#owed.get(id);
      if (!claim) return [];
      this.#owed.delete(id);
      return [claim];
    });
    if (claims.length === 0) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#write((pipeline) => {
        for (const claim of claims) for (const key of this.#keys(claim)) pipeline.hdel(key, claim.id);
      });
    }, WRITTEN_GRACE_MS);
    timer.unref();
    this.#timers.add(timer);
  }

  async close(): Promise<void> {
    clearInterval(this.#refresh);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    const claims = [...this.#running.values(), ...this.#owed.values()];
    this.#running.clear();
    this.#owed.clear();
    if (claims.length === 0) return;
    // Settled entries are written by the ledger's final flush before this runs; running ones ended.
    const pipeline = this.#redis.pipeline();
    for (const claim of claims) for (const key of this.#keys(claim)) pipeline.hdel(key, claim.id);
    await pipeline.exec().catch(this.#onError);
  }

  #refreshRunning(): void {
    if (this.#running.size === 0) return;
    const expires = Date.now() + RUNNING_TTL_MS;
    for (const claim of this.#running.values()) {
      REFRESH_SCRIPT.run(this.#redis, this.#keys(claim), [claim.id, expires, OWED_TTL_MS]).catch(
        this.#onError,
      );
    }
  }

  #write(fill: (pipeline: ReturnType<Redis['pipeline']>) => void): void {
    const pipeline = this.#redis.pipeline();
    fill(pipeline);
    pipeline.exec().catch(this.#onError);
  }

  #keys(claim: InFlightClaim): string[] {
    const user = `${this.#prefix}inflight:u:${claim.userId}`;
    return claim.tokenId === undefined ? [user] : [user, `${this.#prefix}inflight:t:${claim.tokenId}`];
  }
}
