import { Button, Checkbox, Select, Typography } from 'antd';
import { CountrySelect } from '@/client/components/country-select';
import type { QueryFilters } from '@/client/hooks/use-query-list';
import { activeFilters, ATTRIBUTE_FILTERS } from '../explore-query';
import styles from './explore-filters.module.css';

export type FilterChange = Record<string, string | undefined>;

interface Props {
  filters: QueryFilters;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
  /** The panel appears twice (side panel, phone drawer): ids must stay unique. */
  idPrefix: string;
  showTitle?: boolean;
}

/** Country, attribute and price filters of the explore page; every change goes straight to the URL. */
export function ExploreFilters({ filters, onChange, onClear, idPrefix, showTitle = true }: Props) {
  const active = activeFilters(filters);
  const count = Object.keys(active).length;
  const id = (key: string) => `${idPrefix}-${key}`;

  return (
    <div className={styles.panel} role="group" aria-label="Filters">
      {showTitle ? (
        <div className={styles.head}>
          <Typography.Text strong>Filters</Typography.Text>
          <Button type="link" size="small" onClick={onClear} disabled={count === 0 && !filters.q}>
            Clear all
          </Button>
        </div>
      ) : null}
      <Checkbox
        checked={active.isFreeSubscription === 'true'}
        onChange={(e) => onChange({ isFreeSubscription: e.target.checked ? 'true' : undefined })}
      >
        Free subscription only
      </Checkbox>
      <div className={styles.field}>
        <label htmlFor={id('country')}>Country</label>
        <CountrySelect
          id={id('country')}
          placeholder="Any country"
          allowClear
          value={active.country}
          onChange={(value) => onChange({ country: value || undefined })}
          style={{ width: '100%' }}
        />
      </div>
      {ATTRIBUTE_FILTERS.map((f) => (
        <div className={styles.field} key={f.key}>
          <label htmlFor={id(f.key)}>{f.label}</label>
          <Select<string>
            id={id(f.key)}
            placeholder="Any"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={active[f.key]}
            options={f.options}
            onChange={(value) => onChange({ [f.key]: value || undefined })}
            style={{ width: '100%' }}
          />
        </div>
      ))}
    </div>
  );
}
