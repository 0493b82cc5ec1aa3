import CompassOutlined from '@ant-design/icons-svg/es/asn/CompassOutlined';
import VideoCameraOutlined from '@ant-design/icons-svg/es/asn/VideoCameraOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { EXPLORE_LINK, LIVE_LINK } from './account-links';

/** A header link: ours (Explore, Live) or one of the operator's menus (ui.menus, section 'header'). */
export interface NavLink {
  path: string;
  title: string;
  isNewTab?: boolean;
}

export const newTabProps = (link: NavLink) => (link.isNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {});

export function navIcon(link: NavLink) {
  if (link.path === EXPLORE_LINK.href) return <PlainIcon icon={CompassOutlined} />;
  if (link.path === LIVE_LINK.href) return <PlainIcon icon={VideoCameraOutlined} />;
  return null;
}
