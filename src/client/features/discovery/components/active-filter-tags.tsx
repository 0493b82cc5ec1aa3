import { Flex, Tag } from 'antd';
import { labelOf } from '@/common/constants/performer-attributes';
import type { QueryFilters } from '@/client/hooks/use-query-list';
import { countryName } from '@/client/features/performer/performer-format';
import { activeFilters, ATTRIBUTE_FILTERS } from '../explore-query';
import type { FilterChange } from './explore-filters';

/** The search text and filters in force, each removable on its own. */
export function ActiveFilterTags({ filters, onChange }: { filters: QueryFilters; onChange: (change: FilterChange) => void }) {
  const active = activeFilters(filters);
  const tags: { key: string; text: string }[] = [];
  if (filters.q) tags.push({ key: 'q', text: `“${filters.q}”` });
  if (active.isFreeSubscription) tags.push({ key: 'isFreeSubscription', text: 'Free subscription' });
  if (active.country) tags.push({ key: 'country', text: countryName(active.country) });
  for (const f of ATTRIBUTE_FILTERS) {
    const label = labelOf(f.options, active[f.key]);
    if (label) tags.push({ key: f.key, text: `${f.label}: ${label}` });
  }
  if (!tags.length) return null;
  return (
    <Flex wrap gap={6} role="group" aria-label="Active filters">
      {tags.map((t) => (
        <Tag key={t.key} closable onClose={() => onChange({ [t.key]: undefined })}>
          {t.text}
        </Tag>
      ))}
    </Flex>
  );
}
