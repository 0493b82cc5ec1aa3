import { Flex, Typography } from 'antd';
import { EnvironmentOutlined, TranslationOutlined } from '@ant-design/icons';
import type { PerformerPublic } from '@/common/contract/performers';
import { SafeHtml } from '@/client/components/safe-html';
import { countryName, languageName } from '../performer-format';
import { SocialLinks } from './social-links';
import styles from './performer-profile.module.css';

type About = Pick<PerformerPublic, 'bio' | 'city' | 'country' | 'languages' | 'socialLinks'>;

/** Bio (sanitised rich text), where the creator is, the languages they speak and their links. */
export function PerformerAbout({ performer }: { performer: About }) {
  const place = [performer.city, performer.country ? countryName(performer.country) : null].filter(Boolean).join(', ');
  return (
    <Flex vertical gap={10} className={styles.about}>
      {performer.bio ? <SafeHtml html={performer.bio} className={styles.bio} /> : null}
      {place || performer.languages.length ? (
        <Flex gap="4px 16px" wrap>
          {place ? (
            <Typography.Text type="secondary">
              <EnvironmentOutlined /> {place}
            </Typography.Text>
          ) : null}
          {performer.languages.length ? (
            <Typography.Text type="secondary">
              <TranslationOutlined /> {performer.languages.map(languageName).join(', ')}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      <SocialLinks links={performer.socialLinks} />
    </Flex>
  );
}
