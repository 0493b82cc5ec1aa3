import { useMemo } from 'react';
import useSWR from 'swr';
import { Select, type SelectProps } from 'antd';
import { referenceRoutes } from '@/common/contract/reference';
import { callRoute } from '@/client/lib/call-route';
import { languageName } from '../performer-format';

type Props = Omit<SelectProps<string[]>, 'options' | 'mode' | 'loading'>;

/**
 * Languages by name (GET /languages/list, ISO 639-3 codes as values). Values outside the list
 * (older free text) still show, named as well as possible; typing adds one that is missing.
 */
export function LanguageSelect(props: Props) {
  const { data, isLoading } = useSWR(referenceRoutes.languages.url, async () => (await callRoute(referenceRoutes.languages)).data, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const value = props.value;
  const options = useMemo(() => {
    const list = (data ?? []).map((l) => ({ value: l.code, label: l.name }));
    const known = new Set(list.map((o) => o.value));
    const extra = (value ?? []).filter((v) => !known.has(v)).map((v) => ({ value: v, label: languageName(v) }));
    return [...extra, ...list];
  }, [data, value]);
  return <Select {...props} mode="tags" loading={isLoading} options={options} showSearch={{ optionFilterProp: 'label' }} tokenSeparators={[',']} />;
}
