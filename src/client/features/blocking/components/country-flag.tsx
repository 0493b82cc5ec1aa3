import { flagUrl, type CountryRecord } from '@/client/components/country-select';

/** A country's flag from the API host (spec 2: `{API}/flags/{code}.svg`). Decorative: the name is always beside it. */
export function CountryFlag({ country, width = 20 }: { country: CountryRecord; width?: number }) {
  return (
    // plain <img>: an SVG from the API host, known only at run time
    <img
      src={flagUrl(country)}
      alt=""
      width={width}
      height={Math.round((width * 3) / 4)}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 2, flex: 'none', verticalAlign: 'middle' }}
    />
  );
}
