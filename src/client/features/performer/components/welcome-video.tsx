import { Card } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import styles from './performer-profile.module.css';

/** The creator's short introduction; metadata only until the visitor presses play. */
export function WelcomeVideo({ src, name }: { src: string; name: string }) {
  return (
    <Card
      size="small"
      title={
        <span>
          <PlayCircleOutlined /> Welcome from {name}
        </span>
      }
      styles={{ body: { padding: 0 } }}
    >
      <video className={styles.video} src={src} controls preload="metadata" playsInline aria-label={`Welcome video from ${name}`}>
        <track kind="captions" />
      </video>
    </Card>
  );
}
