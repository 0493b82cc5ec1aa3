import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import { Card, Skeleton, Tabs } from 'antd';
import { settingsRoutes, type AllSettingsValues, type SettingImageKey } from '@/common/contract/settings';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListError } from '@/client/components/list-error';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useRefreshPublicSettings } from '../use-refresh-public-settings';
import { AccessSettings } from './access-settings';
import { FooterSettings } from './footer-settings';
import { GeneralSettings } from './general-settings';
import { AnalyticsSettings, ContactSettings, LiveSettings, UploadSettings } from './other-settings';
import { PaymentSettings } from './payment-settings';
import type { SettingsGroupProps } from './settings-group-form';

const GROUPS: { key: string; label: string; Group: (props: SettingsGroupProps) => ReactNode }[] = [
  { key: 'general', label: 'General', Group: GeneralSettings },
  { key: 'footer', label: 'Footer', Group: FooterSettings },
  { key: 'access', label: 'Access', Group: AccessSettings },
  { key: 'payments', label: 'Payments & prices', Group: PaymentSettings },
  { key: 'uploads', label: 'Uploads', Group: UploadSettings },
  { key: 'live', label: 'Live', Group: LiveSettings },
  { key: 'contact', label: 'Contact', Group: ContactSettings },
  { key: 'analytics', label: 'Analytics', Group: AnalyticsSettings },
];

/**
 * /admin/settings: every site setting in groups, each saved on its own. The open group is in the
 * query string (`?group=access`), so a link or a reload keeps it; a group once opened keeps its
 * unsaved edits while another is looked at.
 */
export function AdminSettingsPage() {
  const router = useRouter();
  const { data, error, mutate } = useRouteData(settingsRoutes.adminList, {});
  const settings = data?.data;
  const refreshPublic = useRefreshPublicSettings();
  const asked = typeof router.query.group === 'string' ? router.query.group : '';
  const active = GROUPS.some((g) => g.key === asked) ? asked : 'general';

  const onSaved = (all: AllSettingsValues) => void mutate({ data: all }, { revalidate: false });
  const onImageUploaded = (key: SettingImageKey, url: string) => {
    void mutate((current) => (current ? { data: { ...current.data, [key]: url } } : current), { revalidate: false });
    void refreshPublic();
  };
  const open = (group: string) => {
    const query = { ...router.query, group };
    if (group === 'general') delete (query as Record<string, unknown>).group;
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  };

  return (
    <>
      <AdminPageHeader title="Settings" description="How the site looks, who may use it, what things cost. Each group is saved on its own." />
      {error && !settings ? (
        <ListError error={error} onRetry={() => void mutate()} title="We could not load the settings" />
      ) : !settings ? (
        <Card role="status" aria-label="Loading the settings"><Skeleton active paragraph={{ rows: 8 }} /></Card>
      ) : (
        <Tabs
          activeKey={active}
          onChange={open}
          items={GROUPS.map(({ key, label, Group }) => ({
            key,
            label,
            children: <Group settings={settings} onSaved={onSaved} onImageUploaded={onImageUploaded} />,
          }))}
        />
      )}
    </>
  );
}
