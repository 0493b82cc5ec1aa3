import Link from 'next/link';
import { Avatar, Card, Col, Divider, Flex, Row, Typography } from 'antd';
import { LazyResult } from '@/client/components/lazy-result';
import { NotFound } from '@/client/components/not-found';
import { ShareButton } from '@/client/components/share-button';
import { useAppSelector } from '@/client/store/hooks';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { profileHref } from '@/client/features/discovery/components/performer-card';
import { PerformerNotAvailable } from '@/client/features/performer/components/performer-not-available';
import { CommentSection } from '@/client/features/engagement/components/comment-section';
import { ReactionBar } from '@/client/features/engagement/components/reaction-bar';
import { ReportButton } from '@/client/features/engagement/components/report-button';
import type { ProductPageProps } from '../load-product';
import { ProductBuyBox } from './product-buy-box';
import { ProductGallery } from './product-gallery';
import { ProductHead } from './product-head';
import { HiddenAlert } from '@/client/features/content/components/hidden-notice';

/**
 * /product/[id]: pictures, name, creator, price, stock, the buy or download action, description,
 * likes and bookmarks, report, and comments (for buyers; others see why they cannot).
 */
export function ProductDetail({ product, notAvailable, error }: ProductPageProps) {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  const viewerId = useAppSelector((s) => (s.auth.loggedIn ? s.user.current._id : ''));

  if (notAvailable) return <PerformerNotAvailable message={notAvailable} />;
  if (error) return <LazyResult status="500" title="We could not load this product" subTitle={error} />;
  if (!product) return <NotFound title="Product not found" text="This product does not exist or is not available." />;

  const isOwner = Boolean(viewerId) && viewerId === product.performerId;
  const { performer } = product;
  return (
    <>
      <ProductHead product={product} siteName={siteName} />
      <Flex vertical gap={16}>
        <HiddenAlert item={product} noun="product" />
        <Row gutter={[24, 16]}>
          <Col xs={24} md={12}>
            <ProductGallery images={product.images} name={product.name} />
          </Col>
          <Col xs={24} md={12}>
            <Flex vertical gap={12}>
              <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
                {product.name}
              </Typography.Title>
              <Link href={profileHref(performer)} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, alignSelf: 'flex-start' }}>
                <Avatar src={performer.avatar || AVATAR_PLACEHOLDER} alt="" size={32} />
                <span>{performer.name}</span>
                {performer.username ? <Typography.Text type="secondary">@{performer.username}</Typography.Text> : null}
              </Link>
              <ProductBuyBox product={product} isOwner={isOwner} />
              <Flex align="center" justify="space-between" gap={8} wrap>
                <ReactionBar
                  objectType="product"
                  objectId={product._id}
                  isLiked={product.isLiked}
                  isBookmarked={product.isBookmarked}
                  stats={product.stats}
                  locked={product.isLocked}
                />
                <Flex gap={8}>
                  <ShareButton path={`/product/${product._id}`} title={product.name} />
                  {isOwner ? null : <ReportButton targetType="product" targetId={product._id} />}
                </Flex>
              </Flex>
              {product.description ? (
                <>
                  <Divider style={{ margin: '4px 0' }} />
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                    {product.description}
                  </Typography.Paragraph>
                </>
              ) : null}
            </Flex>
          </Col>
        </Row>
        <Card size="small">
          <CommentSection
            objectType="product"
            objectId={product._id}
            canComment={!product.isLocked}
            lockedMessage="Buy this product to see and write comments"
          />
        </Card>
      </Flex>
    </>
  );
}
