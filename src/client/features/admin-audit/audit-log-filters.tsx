import { useEffect, useState } from 'react';
import { AutoComplete, Button, DatePicker, Flex, Input, Select } from 'antd';
import { auditRoutes } from '@/common/contract/audit';
import { useRouteData } from '@/client/hooks/use-route-data';
import type { QueryList } from '@/client/hooks/use-query-list';
import { actionOptions, TARGET_TYPE_SUGGESTIONS, targetTypeLabel } from './audit-labels';
import { AUDIT_FILTER_KEYS, dayOf, formatDay } from './audit-filters';

const ACTION_OPTIONS = actionOptions();

/** Free text that goes to the URL when the operator is done typing (Enter, leaving the field, a pick). */
function useDraft(value: string | undefined) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  return [draft, setDraft] as const;
}

/**
 * The audit log's filters, all kept in the query string: operator (the accounts that appear as
 * actors), action, target type and id, and a range of days.
 */
export function AuditLogFilters({ list }: { list: QueryList }) {
  const f = list.filters;
  const operators = useRouteData(auditRoutes.operators, {});
  const [targetType, setTargetType] = useDraft(f.targetType);
  const [targetId, setTargetId] = useDraft(f.targetId);
  const from = dayOf(f.from);
  const to = dayOf(f.to);
  const filtered = AUDIT_FILTER_KEYS.some((key) => f[key]);

  return (
    <Flex gap={8} wrap align="center">
      <Select
        aria-label="Operator"
        placeholder="Any operator"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        value={f.actorId}
        loading={!operators.data && !operators.error}
        onChange={(actorId?: string) => list.setFilter({ actorId })}
        options={(operators.data?.data ?? []).map((o) => ({ value: o._id, label: o.name ? `@${o.username} (${o.name})` : `@${o.username}` }))}
        notFoundContent={operators.error ? 'Could not load the operators' : 'No operator has acted yet'}
      />
      <Select
        aria-label="Action"
        placeholder="Any action"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 240 }}
        value={f.action}
        onChange={(action?: string) => list.setFilter({ action })}
        options={ACTION_OPTIONS}
      />
      <AutoComplete
        aria-label="Target type"
        placeholder="Target type"
        allowClear
        style={{ width: 170 }}
        value={targetType}
        onChange={(v: string) => setTargetType(v ?? '')}
        onSelect={(v: string) => list.setFilter({ targetType: v })}
        onClear={() => list.setFilter({ targetType: undefined })}
        onBlur={() => targetType.trim() !== (f.targetType ?? '') && list.setFilter({ targetType: targetType.trim() })}
        onKeyDown={(e) => e.key === 'Enter' && list.setFilter({ targetType: targetType.trim() })}
        options={TARGET_TYPE_SUGGESTIONS.filter((t) => t.includes(targetType.trim().toLowerCase())).map((t) => ({ value: t, label: `${targetTypeLabel(t)} (${t})` }))}
      />
      <Input.Search
        aria-label="Target id"
        placeholder="Target id"
        allowClear
        style={{ width: 260 }}
        value={targetId}
        onChange={(e) => setTargetId(e.target.value)}
        onSearch={(v) => list.setFilter({ targetId: v.trim() })}
        onBlur={() => targetId.trim() !== (f.targetId ?? '') && list.setFilter({ targetId: targetId.trim() })}
      />
      <DatePicker.RangePicker
        aria-label="Dates"
        allowEmpty={[true, true]}
        value={[from, to]}
        onChange={(days) => list.setFilter({ from: days?.[0] ? formatDay(days[0]) : undefined, to: days?.[1] ? formatDay(days[1]) : undefined })}
      />
      {filtered ? (
        <Button onClick={() => list.setFilter(Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, undefined])))}>Clear filters</Button>
      ) : null}
    </Flex>
  );
}
