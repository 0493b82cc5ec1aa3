import Link from 'next/link';
import { Drawer, Menu } from 'antd';
import { AntdScope } from '@/client/theme/antd-scope';
import { ThemeSwitch } from '@/client/theme/theme-switch';
import { isExternal } from '@/client/lib/external-link';
import { navIcon, newTabProps, type NavLink } from './nav-link';

interface HeaderNavDrawerProps {
  open: boolean;
  onClose: () => void;
  links: NavLink[];
}

/** The header's links and the theme switch in a drawer, for phones (HeaderNav's menu button). */
export function HeaderNavDrawer({ open, onClose, links }: HeaderNavDrawerProps) {
  // Its own antd scope: the start page, drawn without antd, has none around its header.
  return (
    <AntdScope>
      <Drawer title="Menu" placement="right" size={280} open={open} onClose={onClose}>
        <Menu
          mode="vertical"
          selectable={false}
          style={{ borderInlineEnd: 'none' }}
          onClick={onClose}
          items={links.map((m) => ({
            key: m.path + m.title,
            icon: navIcon(m),
            label: isExternal(m.path) ? (
              <a href={m.path} {...newTabProps(m)}>
                {m.title}
              </a>
            ) : (
              <Link href={m.path}>{m.title}</Link>
            ),
          }))}
        />
        <div style={{ marginTop: 24 }}>
          <ThemeSwitch />
        </div>
      </Drawer>
    </AntdScope>
  );
}
