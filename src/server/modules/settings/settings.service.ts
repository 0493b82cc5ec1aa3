import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Database } from '../../db/client';
import { settingsRepository } from './settings.repository';
import { AllSettingsSchema } from '../../../common/contract/settings';
import {
  PRIVATE_SETTING_DEFAULTS,
  PUBLIC_SETTING_DEFAULTS,
  PUBLIC_SETTING_KEYS,
  type AllSettings,
  type PublicSettingKey,
  type PublicSettings,
  type SettingKey,
} from '../../../common/constants/settings';
import { badRequest, unprocessable, type FieldProblem } from '../../lib/http-error';

/**
 * Settings are read on every server-side page load, so they are cached in-process. With several
 * API instances a change made through one reaches the others when their cache expires: the TTL
 * bounds how stale a setting can be (and how often each instance reads the table).
 */
export const DEFAULT_SETTINGS_CACHE_TTL_MS = 2000;

const DEFAULTS: AllSettings = { ...PUBLIC_SETTING_DEFAULTS, ...PRIVATE_SETTING_DEFAULTS };
export const SETTING_KEYS = Object.keys(DEFAULTS) as SettingKey[];
const schemas = AllSettingsSchema.properties as Record<string, TSchema>;

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(DEFAULTS, key);
export const isPublicSettingKey = (key: string): key is PublicSettingKey =>
  (PUBLIC_SETTING_KEYS as string[]).includes(key);
export const settingSchema = (key: SettingKey): TSchema => schemas[key];

/** What is wrong with one value, each problem named by its key (and the path inside arrays/objects). */
export function checkSettingValue(key: SettingKey, value: unknown): FieldProblem[] {
  const schema = schemas[key];
  if (Value.Check(schema, value)) return [];
  return Value.Errors(schema, value).map((issue) => {
    const field = key + issue.instancePath.replace(/\//g, '.');
    return { field, message: `${field} ${issue.message}` };
  });
}

/** Bounds the operator sets in pairs; a minimum above its maximum would make every price invalid. */
const RANGES = [
  ['minimumSubscriptionPrice', 'maximumSubscriptionPrice'],
  ['minimumWalletPrice', 'maximumWalletPrice'],
  ['minimumTipPrice', 'maximumTipPrice'],
  ['minimumContentPrice', 'maximumContentPrice'],
] as const;

export function createSettingsService(db: Database, options: { cacheTtlMs?: number } = {}) {
  const ttl = options.cacheTtlMs ?? DEFAULT_SETTINGS_CACHE_TTL_MS;
  let cache: { value: Promise<AllSettings>; expires: number } | null = null;

  async function load(): Promise<AllSettings> {
    const stored = await settingsRepository.all(db);
    const merged: Record<string, unknown> = { ...DEFAULTS };
    for (const key of SETTING_KEYS) {
      // A stored value that no longer fits its type (older release, hand edit) falls back to the default.
      if (Object.hasOwn(stored, key) && checkSettingValue(key, stored[key]).length === 0) merged[key] = stored[key];
    }
    return merged as AllSettings;
  }

  function cached(): Promise<AllSettings> {
    const now = Date.now();
    if (!cache || cache.expires <= now) {
      const entry = { value: load(), expires: now + ttl };
      cache = entry;
      // A failed read must not be served from the cache for the rest of the TTL.
      entry.value.catch(() => {
        if (cache === entry) cache = null;
      });
    }
    return cache.value;
  }

  // Callers get copies: one of them mutating a menu must not change what the next request sees.
  const getAll = async (): Promise<AllSettings> => structuredClone(await cached());

  return {
    getAll,

    async get<K extends SettingKey>(key: K): Promise<AllSettings[K]> {
      return structuredClone((await cached())[key]);
    },

    async getPublic(): Promise<PublicSettings> {
      const all = await getAll();
      return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, all[k]])) as PublicSettings;
    },

    /** The named public settings; a private or unknown key is a 400 naming it. */
    async pick(keys: string[]): Promise<Partial<PublicSettings>> {
      const bad = [...new Set(keys.filter((k) => !isPublicSettingKey(k)))];
      if (bad.length) {
        throw badRequest(
          `Unknown or private settings: ${bad.join(', ')}`,
          bad.map((k) => ({ field: 'keys', message: `${k} is not a public setting` })),
        );
      }
      const all = await getAll();
      return Object.fromEntries(keys.map((k) => [k, all[k as PublicSettingKey]])) as Partial<PublicSettings>;
    },

    /** Validates every value by its type, then stores them all or none; answers every setting. */
    async set(partial: Record<string, unknown>): Promise<AllSettings> {
      const entries = Object.entries(partial);
      if (!entries.length) throw badRequest('Give at least one setting to change');
      const problems: FieldProblem[] = [];
      const clean: Record<string, unknown> = {};
      for (const [key, value] of entries) {
        if (!isSettingKey(key)) {
          problems.push({ field: key, message: `${key} is not a setting` });
          continue;
        }
        const found = checkSettingValue(key, value);
        problems.push(...found);
        // Clean drops properties the schema does not know (e.g. extra fields on a menu item).
        if (!found.length) clean[key] = Value.Clean(schemas[key], structuredClone(value));
      }
      if (problems.length) throw badRequest(problems.map((p) => p.message).join('; '), problems);

      const next = { ...(await load()), ...clean } as AllSettings;
      const broken = RANGES.filter(([min, max]) => next[min] > next[max]).map(([min, max]) => ({
        field: Object.hasOwn(clean, min) ? min : max,
        message: `${min} (${next[min]}) must not exceed ${max} (${next[max]})`,
      }));
      if (broken.length) throw unprocessable(broken.map((p) => p.message).join('; '), broken);

      await settingsRepository.upsertMany(db, clean);
      cache = null;
      return getAll();
    },

    /** Forgets the cached values so the next read goes to the database. */
    invalidate() {
      cache = null;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
