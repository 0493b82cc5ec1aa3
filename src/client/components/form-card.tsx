import type { ReactNode } from 'react';
import styles from './form-card.module.css';

interface FormCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: links such as "Already have an account?". */
  footer?: ReactNode;
  width?: 'narrow' | 'medium';
}

/**
 * The centred card every auth and account form sits in, so they share spacing and widths. Drawn
 * as antd draws a borderless Card with a Title, without antd (issue 17: the sign-in page is drawn
 * without it; the forms inside the card bring antd where they use it).
 */
export function FormCard({ title, subtitle, children, footer, width = 'narrow' }: FormCardProps) {
  return (
    <div className={width === 'narrow' ? 'app-narrow' : 'app-medium'}>
      <div className={styles.card}>
        <h2 className={subtitle ? `${styles.title} ${styles.withSubtitle}` : styles.title}>{title}</h2>
        {subtitle ? <div className={styles.subtitle}>{subtitle}</div> : null}
        {children}
      </div>
      {footer ? <div className={`app-text-links ${styles.footer}`}>{footer}</div> : null}
    </div>
  );
}
