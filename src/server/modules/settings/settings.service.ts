import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Database, Executor } from '../../db/client';
import { describeValidation } from '../../plugins/errors';
import { toValidationIssues } from '../../media/multipart-form';
import { settingsRepository } from './settings.repository';
import { brokenRanges, refineSetting } from './settings-rules';
import { AllSettingsSchema } from '../../../common/contract/settings';
import {
  DERIVED_SETTING_KEYS,
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

/**
 * What is wrong with one value by its schema (type, bounds, format), each problem named by its key
 * and the path inside arrays/objects ("menus.0.path"), worded as the API words a bad JSON body.
 */
export function checkSettingValue(key: SettingKey, value: unknown): FieldProblem[] {
  const schema = schemas[key];
  if (Value.Check(schema, value)) return [];
  const issues = [...Value.Errors(schema, value)].map((issue) => ({ ...issue, instancePath: `/${key}${issue.instancePath}` }));
  return describeValidation(toValidationIssues(issues));
}

/**
 * Equal as settings: by value, whatever the key order or the prototype (jsonb hands objects back
 * with its own key order, and the driver's objects are not the request's).
 */
const sameValue = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

/** The values a change replaced and the values it set, changed keys only (the audit row). */
export interface SettingsChange {
  before: Partial<AllSettings>;
  after: Partial<AllSettings>;
}

export interface SetOptions {
  /**
   * Called inside the transaction that stores the change, only when something changed: the
   * operator's audit row goes here, so the change and its record commit together.
   */
  onChange?: (tx: Executor, change: SettingsChange) => Promise<void>;
}

interface Snapshot {
  /** The stored values on the defaults: what `get` answers. */
  stored: AllSettings;
  /** The operators' list: the stored values and the reflections shown to operators. */
  all: AllSettings;
  /** The public values, with every reflection. */
  publicOnly: PublicSettings;
}

/**
 * A public value the API works out from the stored settings and its own configuration (the
 * effective live switch, reCAPTCHA's, the payment test mode): see `reflect`.
 */
interface Reflection {
  key: PublicSettingKey;
  compute: (stored: AllSettings) => unknown;
  /** Also on the operators' list (`getAll`); otherwise they see the stored value. */
  toOperators: boolean;
}

/** Freezes a JSON value and everything inside it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export function createSettingsService(db: Database, options: { cacheTtlMs?: number } = {}) {
  const ttl = options.cacheTtlMs ?? DEFAULT_SETTINGS_CACHE_TTL_MS;
  let cache: { value: Promise<Snapshot>; expires: number } | null = null;
  const reflections: Reflection[] = [];

  async function load(): Promise<AllSettings> {
    const stored = await settingsRepository.all(db);
    const merged: Record<string, unknown> = { ...DEFAULTS };
    for (const key of SETTING_KEYS) {
      // A stored value that no longer fits its type (older release, hand edit) falls back to the default.
      if (Object.hasOwn(stored, key) && checkSettingValue(key, stored[key]).length === 0) merged[key] = stored[key];
    }
    return merged as AllSettings;
  }

  // Reflections are worked out once per snapshot, not per read: a public read is one lookup.
  async function snapshot(): Promise<Snapshot> {
    const stored = deepFreeze(await load());
    const reflected = reflections.map((r) => ({ ...r, value: r.compute(stored) }));
    const publicOnly: Record<string, unknown> = Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, stored[k]]));
    for (const r of reflected) publicOnly[r.key] = r.value;
    const toOperators = reflected.filter((r) => r.toOperators);
    const all = toOperators.length
      ? Object.freeze({ ...stored, ...Object.fromEntries(toOperators.map((r) => [r.key, r.value])) }) as AllSettings
      : stored;
    return { stored, all, publicOnly: Object.freeze(publicOnly) as PublicSettings };
  }

  function cached(): Promise<Snapshot> {
    const now = Date.now();
    if (!cache || cache.expires <= now) {
      const entry = { value: snapshot(), expires: now + ttl };
      cache = entry;
      // A failed read must not be served from the cache for the rest of the TTL.
      entry.value.catch(() => {
        if (cache === entry) cache = null;
      });
    }
    return cache.value;
  }

  // Callers share the cached values, deep-frozen: one of them mutating a menu throws instead of
  // changing what the next request sees. (A copy per call cost a tenth of the CPU of a
  // `GET /settings/public` under load: README, API bench.)
  const getAll = async (): Promise<AllSettings> => (await cached()).all;

  return {
    getAll,

    /** The stored value (or its default); reflections show only in the public reads and `getAll`. */
    async get<K extends SettingKey>(key: K): Promise<AllSettings[K]> {
      return (await cached()).stored[key];
    },

    async getPublic(): Promise<PublicSettings> {
      return (await cached()).publicOnly;
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
      const { publicOnly } = await cached();
      return Object.fromEntries(keys.map((k) => [k, publicOnly[k as PublicSettingKey]])) as Partial<PublicSettings>;
    },

    /**
     * Validates every value (type, bounds and format, then the rules of settings-rules.ts), then
     * stores the values that differ from the current ones, all or none, in one transaction with
     * `onChange`; nothing changed means no write at all. This instance's cache is dropped, so its
     * next read (the public settings, the geo check) sees the change; answers every setting.
     */
    async set(partial: Record<string, unknown>, options: SetOptions = {}): Promise<AllSettings> {
      const entries = Object.entries(partial);
      if (!entries.length) throw badRequest('Give at least one setting to change');
      const problems: FieldProblem[] = [];
      const clean: Record<string, unknown> = {};
      for (const [key, value] of entries) {
        if (!isSettingKey(key)) {
          problems.push({ field: key, message: `${key} is not a setting` });
          continue;
        }
        if (DERIVED_SETTING_KEYS.includes(key)) {
          problems.push({ field: key, message: `${key} is worked out by the server from its configuration and cannot be set` });
          continue;
        }
        const found = checkSettingValue(key, value);
        problems.push(...found);
        if (found.length) continue;
        // Clean drops properties the schema does not know (e.g. extra fields on a menu item).
        const refined = refineSetting(key, Value.Clean(schemas[key], structuredClone(value)));
        problems.push(...refined.problems);
        clean[key] = refined.value;
      }
      if (problems.length) throw badRequest(problems.map((p) => p.message).join('; '), problems);

      // Read before the transaction opens: PGlite has one connection.
      const current = await load();
      const next = { ...current, ...clean } as AllSettings;
      const broken = brokenRanges(next, clean);
      if (broken.length) throw unprocessable(broken.map((p) => p.message).join('; '), broken);

      const changed = Object.keys(clean).filter((key) => !sameValue(current[key as SettingKey], clean[key])) as SettingKey[];
      if (changed.length) {
        const change: SettingsChange = {
          before: Object.fromEntries(changed.map((k) => [k, current[k]])),
          after: Object.fromEntries(changed.map((k) => [k, clean[k]])),
        };
        await db.transaction(async (tx) => {
          await settingsRepository.upsertMany(tx, change.after);
          await options.onChange?.(tx, change);
        });
      }
      cache = null;
      return getAll();
    },

    /**
     * Shows `key` in the public reads (and with `toOperators` in `getAll`) as `compute` works it
     * out from the stored values: the effective value of a switch that also needs the API's own
     * configuration. `compute` runs once per cache fill, so it must depend on nothing else.
     */
    reflect(key: PublicSettingKey, compute: (stored: AllSettings) => unknown, options: { toOperators?: boolean } = {}) {
      reflections.push({ key, compute, toOperators: options.toOperators ?? false });
      cache = null;
    },

    /** Forgets the cached values so the next read goes to the database. */
    invalidate() {
      cache = null;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
