import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { PageTitle } from './page-title';

/**
 * The head of a console page: its title (also the document title), one line saying what the page
 * is for, and the page's main actions on the right (under the title on phones).
 */
export function AdminPageHeader({ title, description, extra }: { title: string; description?: ReactNode; extra?: ReactNode }) {
  return (
    <>
      <PageTitle title={`${title} · Console`} />
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography.Title level={2} style={{ margin: 0 }}>{title}</Typography.Title>
          {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
        </div>
        {extra ? <Flex gap={8} wrap>{extra}</Flex> : null}
      </Flex>
    </>
  );
}
