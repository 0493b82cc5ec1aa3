import net from 'node:net';
import path from 'node:path';
import maxmind, { type Reader, type Response } from 'maxmind';
import type { SettingsService } from '../settings/settings.service';

/** This database's record shape, not MaxMind's own (`country.iso_code`). */
interface CountryRecord {
  country_code?: string;
}

/** The CC0 country database shipped in @ip-location-db/geo-whois-asn-country-mmdb (IPv4 and IPv6). */
export const GEO_DATABASE_PATH = path.join(
  path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json')),
  'geo-whois-asn-country.mmdb',
);

// One reader per process: the file is ~8 MB and read-only, so every app instance can share it.
let reader: Promise<Reader<Response>> | null = null;
function openReader(): Promise<Reader<Response>> {
  if (!reader) {
    reader = maxmind.open<Response>(GEO_DATABASE_PATH);
    reader.catch(() => (reader = null));
  }
  return reader;
}

/** A bare IP from a header value: without port, brackets, zone id or the IPv4-mapped prefix; null if not an IP. */
export function normalizeIp(value: string | undefined | null): string | null {
  if (!value) return null;
  let ip = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(':'));
  ip = ip.replace(/%.*$/, '');
  // Dual-stack sockets report IPv4 clients as ::ffff:a.b.c.d, which the database does not list.
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) ip = mapped[1];
  return net.isIP(ip) ? ip : null;
}

const first = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(',')[0];

/**
 * The visitor's IP: the first X-Forwarded-For address (the web's server-side loader forwards the
 * visitor's IP there), else X-Real-IP, else the connection address. The headers are not proof of
 * anything; geo-blocking is a courtesy screen, not access control.
 */
export function clientIp(headers: Record<string, string | string[] | undefined>, remoteAddress?: string): string | null {
  return normalizeIp(first(headers['x-forwarded-for'])) ?? normalizeIp(first(headers['x-real-ip'])) ?? normalizeIp(remoteAddress);
}

export function createGeoService(settings: Pick<SettingsService, 'get'>) {
  /** ISO 3166-1 alpha-2 country of an address; null for private, loopback and unlisted ones. */
  async function country(ip: string | null): Promise<string | null> {
    if (!ip) return null;
    const record = (await openReader()).get(ip) as CountryRecord | null;
    return record?.country_code?.toUpperCase() ?? null;
  }

  return {
    country,

    /** Private and unknown addresses are never blocked: a visitor we cannot place gets the site. */
    async check(ip: string | null): Promise<{ blocked: boolean; country: string | null }> {
      const [found, blockedCountries] = await Promise.all([country(ip), settings.get('blockedCountries')]);
      return { blocked: found !== null && blockedCountries.includes(found), country: found };
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
