import { Card, Col, Row, Typography } from 'antd';
import { HeartOutlined, MessageOutlined, StarOutlined, VideoCameraOutlined } from '@ant-design/icons';
import styles from './landing-hero.module.css';

const FEATURES = [
  { icon: <StarOutlined />, title: 'Subscribe', text: 'Unlock the posts, photos and videos of the creators you love.' },
  { icon: <HeartOutlined />, title: 'Support', text: 'Send tips and buy exclusive items straight from your wallet.' },
  { icon: <MessageOutlined />, title: 'Connect', text: 'Message creators directly and never miss a new post.' },
  { icon: <VideoCameraOutlined />, title: 'Go live', text: 'Creators stream live and chat with their fans in real time.' },
];

/** What fans and creators can do here, in four cards. */
export function LandingFeatures() {
  return (
    <Row gutter={[16, 16]}>
      {FEATURES.map((f) => (
        <Col xs={24} sm={12} lg={6} key={f.title}>
          <Card style={{ height: '100%' }}>
            <div className={styles.featureIcon}>{f.icon}</div>
            <Typography.Title level={4} style={{ marginTop: 12 }}>
              {f.title}
            </Typography.Title>
            <Typography.Text type="secondary">{f.text}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
