import { Result } from 'antd';
import { NotFound } from '@/client/components/not-found';
import { AntdScope } from '@/client/theme/antd-scope';

/**
 * What an operator's page shows when it cannot show the page: the not-found screen, or a warning
 * when it could not be loaded. Drawn with antd in its own theme scope, loaded only then: the page
 * itself is drawn without antd.
 */
export function StaticPageProblem({ error }: { error: string | null }) {
  return (
    <AntdScope>
      {error ? <Result status="warning" title="We could not load this page" subTitle={error} /> : <NotFound />}
    </AntdScope>
  );
}
