// The in-flight claims of every process on one Redis (shared-in-flight.ts): a hash per user and per limited
// token, the check and the record one Lua script. claim-table.ts does the same in the cluster's primary
// process when there is no Redis; the two must keep the same rule.
import type { Redis } from 'ioredis';
import { LuaScript } from '../../redis/lua-script.js';
import {
  type ClaimKeeper,
  type ClaimStep,
  type ClaimWrite,
  type SharedInFlightOptions,
  SharedInFlightStore,
} from './shared-in-flight.js';

export { RUNNING_TTL_MS, WRITTEN_GRACE_MS } from './shared-in-flight.js';

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

/** The keeper of the claim hashes in Redis. */
export function redisClaimKeeper(redis: Redis): ClaimKeeper {
  return {
    claim: (keys, step) =>
      CLAIM_SCRIPT.run(redis, keys, () => {
        const a: ClaimStep = step();
        return [
          a.claimId,
          a.points,
          a.minimum,
          a.node,
          a.now,
          a.expires,
          a.user,
          a.token,
          a.tableTtl,
          a.mode,
          a.least,
        ];
      }),
    refresh: async (keys, claimId, expires, tableTtl) => {
      await REFRESH_SCRIPT.run(redis, keys, [claimId, expires, tableTtl]);
    },
    write: async (writes: readonly ClaimWrite[]) => {
      const pipeline = redis.pipeline();
      for (const { key, field, value } of writes) {
        if (value === undefined) pipeline.hdel(key, field);
        else pipeline.hset(key, field, value);
      }
      await pipeline.exec();
    },
  };
}

export type RedisInFlightOptions = SharedInFlightOptions;

/** In-flight claims shared through Redis. */
export class RedisInFlightStore extends SharedInFlightStore {
  constructor(redis: Redis, options: RedisInFlightOptions) {
    super(redisClaimKeeper(redis), options);
  }
}
