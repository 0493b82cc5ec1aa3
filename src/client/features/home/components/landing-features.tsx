import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import VideoCameraOutlined from '@ant-design/icons-svg/es/asn/VideoCameraOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import heroStyles from './landing-hero.module.css';
import styles from './landing.module.css';

const FEATURES = [
  { icon: <PlainIcon icon={StarOutlined} />, title: 'Subscribe', text: 'Unlock the posts, photos and videos of the creators you love.' },
  { icon: <PlainIcon icon={HeartOutlined} />, title: 'Support', text: 'Send tips and buy exclusive items straight from your wallet.' },
  { icon: <PlainIcon icon={MessageOutlined} />, title: 'Connect', text: 'Message creators directly and never miss a new post.' },
  { icon: <PlainIcon icon={VideoCameraOutlined} />, title: 'Go live', text: 'Creators stream live and chat with their fans in real time.' },
];

/** What fans and creators can do here, in four cards. */
export function LandingFeatures() {
  return (
    <ul className={styles.features} aria-label="What you can do here">
      {FEATURES.map((f) => (
        <li key={f.title}>
          <div className={styles.featureCard}>
            <div className={heroStyles.featureIcon}>{f.icon}</div>
            <h4 className={styles.heading4}>{f.title}</h4>
            <span className={styles.secondary}>{f.text}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
