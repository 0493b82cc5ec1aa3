import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { blockRoutes } from '@/common/contract/social';
import { loadCountries, type CountryRecord } from '@/client/components/country-select';
import { CHANGES_SAVED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { saveBlockedCountries } from '../blocking.api';
import { CountryFlag } from './country-flag';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));

function useCountries() {
  const [countries, setCountries] = useState<CountryRecord[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    loadCountries()
      .then((list) => alive && setCountries(list))
      .catch((err) => alive && setError(err));
    return () => {
      alive = false;
    };
  }, [attempt]);
  const retry = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };
  return { countries, error, retry };
}

/** /creator/block-countries: pick the countries that may not see my profile; saved as one list. */
export function BlockCountriesPage() {
  const saved = useRouteData(blockRoutes.blockedCountries, {}, { revalidateOnFocus: false });
  const { countries, error: countriesError, retry } = useCountries();
  const savedList = useMemo(() => saved.data?.data.countries.map((c) => c.toUpperCase()) ?? null, [saved.data]);
  const [draft, setDraft] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const byCode = useMemo(() => new Map((countries ?? []).map((c) => [c.code.toUpperCase(), c])), [countries]);
  const selected = draft ?? savedList ?? [];
  const dirty = savedList !== null && draft !== null && !sameSet(draft, savedList);

  const save = async () => {
    setSaving(true);
    try {
      const res = await saveBlockedCountries(selected);
      await saved.mutate(res, { revalidate: false });
      setDraft(null);
      toast.success(CHANGES_SAVED);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const error = saved.error ?? countriesError;
  let body;
  if (error && (!saved.data || !countries)) {
    body = (
      <ListError
        error={error}
        title="We could not load your blocked countries"
        onRetry={() => {
          void saved.mutate();
          retry();
        }}
      />
    );
  } else if (!savedList || !countries) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    body = (
      <Flex vertical gap={16}>
        <div>
          <label htmlFor="blocked-countries" style={{ display: 'block', fontWeight: 500, marginBottom: 6 }}>
            Blocked countries
          </label>
          <Select<string[]>
            id="blocked-countries"
            mode="multiple"
            value={selected}
            onChange={(codes) => setDraft(codes)}
            placeholder="Search and add countries"
            showSearch={{ optionFilterProp: 'title' }}
            allowClear
            style={{ width: '100%' }}
            options={countries.map((c) => ({
              value: c.code.toUpperCase(),
              title: c.name,
              label: (
                <Flex align="center" gap={8}>
                  <CountryFlag country={c} />
                  {c.name}
                </Flex>
              ),
            }))}
            tagRender={({ value, closable, onClose }) => {
              const country = byCode.get(String(value));
              return (
                <Tag
                  closable={closable}
                  onClose={onClose}
                  onMouseDown={(e) => e.preventDefault()}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 6, margin: 2 }}
                >
                  {country ? <CountryFlag country={country} width={16} /> : null}
                  {country?.name ?? String(value)}
                </Tag>
              );
            }}
          />
        </div>
        <Typography.Text type="secondary" aria-live="polite">
          {savedList.length === 0
            ? 'No countries are blocked: visitors from everywhere can see your profile.'
            : `Saved: ${savedList.length} ${savedList.length === 1 ? 'country' : 'countries'} blocked.`}
          {dirty ? ' You have unsaved changes.' : ''}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button type="primary" icon={<SaveOutlined />} onClick={save} loading={saving} disabled={!dirty}>
            Save changes
          </Button>
          <Button onClick={() => setDraft(null)} disabled={!dirty || saving}>
            Undo changes
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Blocked countries
        </Typography.Title>
        <Typography.Text type="secondary">Visitors from these countries see that your profile is not available.</Typography.Text>
      </div>
      <Alert
        type="info"
        showIcon
        title="Country is worked out from the visitor's internet address, so a VPN can get around it."
      />
      <Card>{body}</Card>
    </Flex>
  );
}
