import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody } from './common';

/** Country record of spec section 3. `flag` is the API's SVG for the country. */
export const CountryRecord = Type.Object({
  name: Type.String(),
  /** ISO 3166-1 alpha-2, upper case. */
  code: Type.String(),
  capital: Type.String(),
  region: Type.String(),
  currency: Type.Object({ code: Type.String(), name: Type.String(), symbol: Type.String() }),
  /** ISO 639-3 code (e.g. 'eng') of the country's first listed language. */
  language: Type.Object({ code: Type.String(), name: Type.String() }),
  flag: Type.String(),
});
export type CountryRecord = Static<typeof CountryRecord>;

export const StateRecord = Type.Object({ name: Type.String(), code: Type.String() });
export type StateRecord = Static<typeof StateRecord>;

export const CityRecord = Type.Object({ name: Type.String() });
export type CityRecord = Static<typeof CityRecord>;

export const LanguageRecord = Type.Object({ code: Type.String(), name: Type.String() });
export type LanguageRecord = Static<typeof LanguageRecord>;

export const PhoneCodeRecord = Type.Object({
  /** Dialling prefix, e.g. '+1' or '+1684'. */
  code: Type.String(),
  countryCode: Type.String(),
  name: Type.String(),
});
export type PhoneCodeRecord = Static<typeof PhoneCodeRecord>;

const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' });

// Reference data is a whole array, not a paged list: `{ data: [...] }` without `total`.
export const referenceRoutes = {
  countries: defineRoute({
    method: 'GET', url: '/countries/list', auth: 'none', summary: 'Every country and territory, by name', tags: ['reference'],
    schema: { response: { 200: Envelope(Type.Array(CountryRecord)) } },
  }),
  states: defineRoute({
    method: 'GET', url: '/states/:country', auth: 'none', summary: 'States or regions of a country', tags: ['reference'],
    schema: {
      params: Type.Object({ country: CountryCode }),
      response: { 200: Envelope(Type.Array(StateRecord)), 400: ErrorBody, 404: ErrorBody },
    },
  }),
  cities: defineRoute({
    method: 'GET', url: '/cities/:country/:state', auth: 'none', summary: 'Cities of a state', tags: ['reference'],
    schema: {
      params: Type.Object({ country: CountryCode, state: Type.String({ pattern: '^[A-Za-z0-9-]{1,10}$' }) }),
      response: { 200: Envelope(Type.Array(CityRecord)), 400: ErrorBody, 404: ErrorBody },
    },
  }),
  languages: defineRoute({
    method: 'GET', url: '/languages/list', auth: 'none', summary: 'Languages (ISO 639-3 codes), by name', tags: ['reference'],
    schema: { response: { 200: Envelope(Type.Array(LanguageRecord)) } },
  }),
  phoneCodes: defineRoute({
    method: 'GET', url: '/phone-codes/list', auth: 'none', summary: 'International dialling codes, by country name',
    tags: ['reference'],
    schema: { response: { 200: Envelope(Type.Array(PhoneCodeRecord)) } },
  }),
  flag: defineRoute({
    method: 'GET', url: '/flags/:code.svg', auth: 'none', summary: 'A country flag (SVG, 4:3)', tags: ['reference'],
    schema: {
      params: Type.Object({ code: CountryCode }),
      response: { 200: Type.String({ description: 'image/svg+xml' }), 400: ErrorBody, 404: ErrorBody },
    },
  }),
};
