import { IntentLink } from '@/client/components/intent-link';
import { useAppSelector } from '@/client/store/hooks';
import { useTheme } from '@/client/theme/theme-provider';
import styles from './layouts.module.css';

const DEFAULT_LOGO = '/images/logo.svg';

/**
 * The operator's logo when set (its dark-mode variant in the dark theme); otherwise our mark
 * beside the site name. An uploaded logo usually contains the name already, so it stands alone.
 */
export function SiteLogo({ href = '/' }: { href?: string }) {
  const { resolved } = useTheme();
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  const logo = useAppSelector((s) => s.ui.logo || s.settings.logoUrl);
  const darkLogo = useAppSelector((s) => s.settings.darkmodeLogoUrl);
  const custom = resolved === 'dark' && darkLogo ? darkLogo : logo;

  if (custom) {
    return (
      <IntentLink href={href} className={`${styles.brand} ${styles.brandImageOnly}`} aria-label={`${siteName} home`}>
        {/* plain <img>: operator URL of any host and size */}
        <img src={custom} alt={siteName} />
      </IntentLink>
    );
  }
  return (
    <IntentLink href={href} className={styles.brand} aria-label={`${siteName} home`}>
      {/* plain <img>: tiny static SVG */}
      <img src={DEFAULT_LOGO} alt="" width={32} height={32} />
      <span className={`${styles.brandName} ${styles.brandNameHideSmall}`}>{siteName}</span>
    </IntentLink>
  );
}
