import { useEffect, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { request } from '@/client/lib/request';
import { getRuntimeConfig } from '@/client/lib/runtime-config';

export interface CountryRecord {
  name: string;
  code: string;
  flag?: string;
}

/** Spec 2: flags are served by the API host at flags/{lowercase code}.svg. */
export function flagUrl(country: CountryRecord): string {
  if (country.flag && /^https?:\/\//.test(country.flag)) return country.flag;
  const base = getRuntimeConfig().apiEndpoint.replace(/\/$/, '');
  if (country.flag && country.flag.startsWith('/')) return `${base}${country.flag}`;
  return `${base}/flags/${country.code.toLowerCase()}.svg`;
}

// One list per page view: several forms may ask for it.
let cached: Promise<CountryRecord[]> | null = null;

export function loadCountries(): Promise<CountryRecord[]> {
  cached ??= request<{ data: CountryRecord[] | { data: CountryRecord[] } }>({ method: 'GET', url: '/countries/list' })
    .then((body) => (Array.isArray(body.data) ? body.data : body.data.data))
    .catch((err) => {
      cached = null;
      throw err;
    });
  return cached;
}

type CountrySelectProps = Omit<SelectProps<string>, 'options' | 'loading'>;

/** Searchable country picker (value: ISO alpha-2 code) from GET {API}/countries/list. */
export function CountrySelect(props: CountrySelectProps) {
  const [countries, setCountries] = useState<CountryRecord[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    loadCountries()
      .then((list) => alive && setCountries(list))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'title' }}
      placeholder={failed ? 'Could not load countries, reload the page' : 'Select your country'}
      loading={!countries && !failed}
      status={failed ? 'error' : undefined}
      {...props}
      options={(countries ?? []).map((c) => ({
        value: c.code,
        title: c.name,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            {/* plain <img>: SVG flag from the API host */}
            <img src={flagUrl(c)} alt="" width={20} height={15} loading="lazy" style={{ objectFit: 'cover', borderRadius: 2 }} />
            {c.name}
          </span>
        ),
      }))}
    />
  );
}
