import { useId, type ReactNode } from 'react';
import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { THEME_CHOICES, type ThemeChoice } from './theme-bootstrap';
import { useTheme } from './theme-provider';
import styles from './theme-switch.module.css';

const OPTIONS: Record<ThemeChoice, { label: string; icon: ReactNode }> = {
  light: { label: 'Light', icon: <PlainIcon icon={SunOutlined} /> },
  dark: { label: 'Dark', icon: <PlainIcon icon={MoonOutlined} /> },
  system: { label: 'System', icon: <PlainIcon icon={DesktopOutlined} /> },
};

/**
 * Light / Dark / System, as antd's small Segmented draws it (radio buttons in a track, the choice
 * raised), without antd: it is in every page's header. `compact` hides the words on narrower
 * screens (CSS, so server and browser render the same markup); the words stay for screen readers
 * and the title tooltip.
 */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const { choice, setChoice } = useTheme();
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Theme" data-testid="theme-switch" className={styles.track}>
      {THEME_CHOICES.map((value) => {
        const { label, icon } = OPTIONS[value];
        return (
          <label key={value} title={label} className={`${styles.item} ${compact ? styles.compactItem : ''} ${choice === value ? styles.selected : ''}`}>
            <input type="radio" name={name} value={value} checked={choice === value} onChange={() => setChoice(value)} className={styles.input} />
            <span className={styles.icon}>{icon}</span>
            <span className={compact ? styles.compactLabel : undefined}>{label}</span>
          </label>
        );
      })}
    </div>
  );
}
