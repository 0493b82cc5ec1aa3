import { Segmented } from 'antd';
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import type { ThemeChoice } from './theme-bootstrap';
import { useTheme } from './theme-provider';
import styles from './theme-switch.module.css';

const OPTIONS = [
  { value: 'light', label: 'Light', icon: <SunOutlined /> },
  { value: 'dark', label: 'Dark', icon: <MoonOutlined /> },
  { value: 'system', label: 'System', icon: <DesktopOutlined /> },
] as const;

/**
 * Light / Dark / System. `compact` hides the words on narrower screens (CSS, so server and
 * browser render the same markup); the words stay for screen readers and the title tooltip.
 */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const { choice, setChoice } = useTheme();
  return (
    <Segmented<ThemeChoice>
      size="small"
      aria-label="Theme"
      data-testid="theme-switch"
      value={choice}
      onChange={setChoice}
      options={OPTIONS.map((o) => ({
        value: o.value,
        icon: o.icon,
        title: o.label,
        label: <span className={compact ? styles.compactLabel : undefined}>{o.label}</span>,
      }))}
    />
  );
}
