import Head from 'next/head';
import { useAppSelector } from '@/client/store/hooks';

/** `<title>` as "Page | Site name" (just the site name without a page title). */
export function PageTitle({ title, description }: { title?: string; description?: string }) {
  const siteName = useAppSelector((s) => s.settings.siteName || s.ui.siteName);
  const full = title ? `${title} | ${siteName}` : siteName;
  return (
    <Head>
      <title>{full}</title>
      {description ? <meta name="description" content={description} key="description" /> : null}
    </Head>
  );
}
