import { IntentLink } from '@/client/components/intent-link';
import { isExternal } from '@/client/lib/external-link';
import { SafeHtml } from '@/client/components/safe-html';
import { useAppSelector } from '@/client/store/hooks';
import { useFooterPages } from '@/client/features/static-pages/use-footer-pages';
import styles from './layouts.module.css';

/**
 * Footer menus (ui.menus, section 'footer'), links to the published static pages (/page/{slug},
 * fetched once; left out if that call fails), the contact page (unless a menu already links it),
 * the operator's footer text, and the copyright line.
 */
export function SiteFooter() {
  const menus = useAppSelector((s) => s.ui.menus).filter((m) => m.section === 'footer');
  const pages = useFooterPages().filter((p) => !menus.some((m) => m.path === `/page/${p.slug}`));
  const contactInMenus = menus.some((m) => m.path === '/contact');
  const footerContent = useAppSelector((s) => s.settings.footerContent);
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);

  return (
    <footer className={styles.footer}>
      <div className={`app-container ${styles.footerInner}`}>
        <nav className={styles.footerLinks} aria-label="Footer">
          {menus.map((m) =>
            isExternal(m.path) || m.isNewTab ? (
              <a key={m.path + m.title} href={m.path} target={m.isNewTab ? '_blank' : undefined} rel="noopener noreferrer">
                {m.title}
              </a>
            ) : (
              <IntentLink key={m.path + m.title} href={m.path}>
                {m.title}
              </IntentLink>
            ),
          )}
          {pages.map((p) => (
            <IntentLink key={p._id} href={`/page/${p.slug}`}>
              {p.title}
            </IntentLink>
          ))}
          {contactInMenus ? null : <IntentLink href="/contact">Contact us</IntentLink>}
        </nav>
        {footerContent ? <SafeHtml html={footerContent} className="app-footer-content" /> : null}
        <div>
          © {new Date().getFullYear()} {siteName}
        </div>
      </div>
    </footer>
  );
}
