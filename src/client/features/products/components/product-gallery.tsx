import { Flex, Image } from 'antd';
import type { MediaFileView } from '@/common/contract/media';
import { FALLBACK_THUMBNAIL } from '@/common/lib/thumbnail';

/**
 * The product's pictures: the first one large, the others as small thumbnails; any of them opens
 * the preview, which pages through all of them (antd Image.PreviewGroup).
 */
export function ProductGallery({ images, name }: { images: MediaFileView[]; name: string }) {
  const [main, ...rest] = images;
  if (!main) return <img src={FALLBACK_THUMBNAIL} alt="" style={{ width: '100%', borderRadius: 12 }} />;
  return (
    <Image.PreviewGroup>
      <Flex vertical gap={8}>
        <Image
          src={main.url ?? main.thumbnails[0]}
          alt={`${name}, picture 1 of ${images.length}`}
          width="100%"
          style={{ aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: 12 }}
        />
        {rest.length ? (
          <Flex gap={8} wrap>
            {rest.map((image, i) => (
              <Image
                key={image._id}
                src={image.thumbnails[0] ?? image.url ?? undefined}
                preview={{ src: image.url ?? undefined }}
                alt={`${name}, picture ${i + 2} of ${images.length}`}
                width={72}
                height={72}
                style={{ objectFit: 'cover', borderRadius: 8 }}
              />
            ))}
          </Flex>
        ) : null}
      </Flex>
    </Image.PreviewGroup>
  );
}
