import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { isExternal } from '@/client/lib/external-link';
import { IntentLink } from './intent-link';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { PlainIcon } from './plain-icon';
import styles from './plain-button.module.css';

/**
 * antd's Button look without antd, for what every page's first load carries (the header) and the
 * pages drawn without antd (the start page): antd's Button brings its core, motion and wave code
 * into a page that has no other use for them. The look comes from antd's own variables
 * (plain-button.module.css), so it matches the antd buttons beside it in both themes.
 */
interface Look {
  /** antd's `type`: default (outlined), primary (solid brand colour) or text. */
  look?: 'default' | 'primary' | 'text';
  size?: 'small' | 'middle' | 'large';
  /** Full width (antd's `block`). */
  block?: boolean;
  icon?: ReactNode;
  /** The icon after the words (antd's `iconPlacement="end"`). */
  iconEnd?: boolean;
  className?: string;
  children?: ReactNode;
}

function classes({ look = 'default', size = 'middle', block, icon, children, className }: Look): string {
  return [styles.button, styles[look], size !== 'middle' && styles[size], block && styles.block, icon && !children && styles.iconOnly, className]
    .filter(Boolean)
    .join(' ');
}

function Content({ icon, iconEnd, children }: Look) {
  const iconSpan = icon ? <span className={styles.icon}>{icon}</span> : null;
  return (
    <>
      {iconEnd ? null : iconSpan}
      {children === undefined ? null : <span>{children}</span>}
      {iconEnd ? iconSpan : null}
    </>
  );
}

interface PlainButtonProps extends Look, ButtonHTMLAttributes<HTMLButtonElement> {
  /** A spinner in place of the icon, `aria-busy`, and clicks ignored meanwhile (as antd's `loading`). */
  loading?: boolean;
}

export function PlainButton({ look, size, block, icon, iconEnd, loading = false, className, children, type = 'button', onClick, ...rest }: PlainButtonProps) {
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    if (loading) e.preventDefault();
    else onClick?.(e);
  };
  const shown = loading ? <PlainIcon icon={LoadingOutlined} spin /> : icon;
  return (
    <button type={type} className={classes({ look, size, block, icon: shown, children, className })} aria-busy={loading || undefined} onClick={click} {...rest}>
      <Content icon={shown} iconEnd={iconEnd}>{children}</Content>
    </button>
  );
}

/**
 * A link that looks like a button (one `<a>`, never a button inside a link): site paths through
 * the client-side router, http(s) URLs in a new tab.
 */
export function PlainLinkButton({ href, look, size, block, icon, iconEnd, className, children, ...rest }: Look & { href: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const look_ = classes({ look, size, block, icon, children, className });
  const content = <Content icon={icon} iconEnd={iconEnd}>{children}</Content>;
  if (isExternal(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={look_} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <IntentLink href={href} className={look_} {...rest}>
      {content}
    </IntentLink>
  );
}
