import fs from 'node:fs/promises';
import path from 'node:path';
import worldCountries from 'world-countries';
import type { CityRecord, CountryRecord, LanguageRecord, PhoneCodeRecord, StateRecord } from '../../../common/contract/reference';
import { notFound } from '../../lib/http-error';

const FLAGS_DIR = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/** Built at first use, then kept: the data only changes with a package upgrade. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

// country-state-city parses ~45 MB of city data when loaded: load it on the first call that needs it.
const loadCsc = once(() => import('country-state-city'));

/** '+1-809 and 1-829' → '+1809': the first prefix, as digits that can precede a national number. */
export function normalizePhoneCode(raw: string): string {
  const firstCode = raw.split(/\s+and\s+/)[0].replace(/[^\d]/g, '');
  return `+${firstCode}`;
}

export function createReferenceService(apiEndpoint: string) {
  const countries = once((): CountryRecord[] =>
    worldCountries
      .map((c) => {
        const [currencyCode, currency] = Object.entries(c.currencies)[0] ?? [];
        const [languageCode, languageName] = Object.entries(c.languages)[0] ?? [];
        return {
          name: c.name.common,
          code: c.cca2,
          capital: c.capital[0] ?? '',
          region: c.region,
          currency: { code: currencyCode ?? '', name: currency?.name ?? '', symbol: currency?.symbol ?? '' },
          language: { code: languageCode ?? '', name: languageName ?? '' },
          flag: `${apiEndpoint}/flags/${c.cca2.toLowerCase()}.svg`,
        };
      })
      .sort(byName),
  );

  const languages = once((): LanguageRecord[] => {
    const unique = new Map<string, string>();
    for (const c of worldCountries) for (const [code, name] of Object.entries(c.languages)) unique.set(code, name);
    return [...unique].map(([code, name]) => ({ code, name })).sort(byName);
  });

  const phoneCodes = once(async (): Promise<PhoneCodeRecord[]> => {
    const { Country } = await loadCsc();
    return Country.getAllCountries()
      .filter((c) => /\d/.test(c.phonecode))
      .map((c) => ({ code: normalizePhoneCode(c.phonecode), countryCode: c.isoCode, name: c.name }))
      .sort(byName);
  });

  const statesCache = new Map<string, StateRecord[]>();
  const citiesCache = new Map<string, CityRecord[]>();
  const flagCache = new Map<string, Buffer | null>();

  async function requireCountry(code: string) {
    const { Country } = await loadCsc();
    if (!Country.getCountryByCode(code)) throw notFound('Unknown country code');
  }

  return {
    countries: async () => countries(),
    languages: async () => languages(),
    phoneCodes,

    async states(country: string): Promise<StateRecord[]> {
      const code = country.toUpperCase();
      let list = statesCache.get(code);
      if (!list) {
        await requireCountry(code);
        const { State } = await loadCsc();
        list = State.getStatesOfCountry(code).map((s) => ({ name: s.name, code: s.isoCode })).sort(byName);
        statesCache.set(code, list);
      }
      return list;
    },

    async cities(country: string, state: string): Promise<CityRecord[]> {
      const key = `${country.toUpperCase()}/${state.toUpperCase()}`;
      let list = citiesCache.get(key);
      if (!list) {
        const [countryCode, stateCode] = key.split('/');
        await requireCountry(countryCode);
        const { State, City } = await loadCsc();
        if (!State.getStateByCodeAndCountry(stateCode, countryCode)) throw notFound('Unknown state code');
        list = City.getCitiesOfState(countryCode, stateCode).map((c) => ({ name: c.name })).sort(byName);
        citiesCache.set(key, list);
      }
      return list;
    },

    /** The SVG of a two-letter code; the caller has checked the code's shape, which keeps paths inside FLAGS_DIR. */
    async flag(code: string): Promise<Buffer> {
      const lower = code.toLowerCase();
      if (!/^[a-z]{2}$/.test(lower)) throw notFound('Unknown flag');
      if (!flagCache.has(lower)) {
        flagCache.set(lower, await fs.readFile(path.join(FLAGS_DIR, `${lower}.svg`)).catch(() => null));
      }
      const svg = flagCache.get(lower);
      if (!svg) throw notFound('Unknown flag');
      return svg;
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
