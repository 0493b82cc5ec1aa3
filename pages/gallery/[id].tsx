import { GalleryDetailPage } from '@/client/features/galleries/components/gallery-detail';
import { loadGalleryPage, type GalleryPageProps } from '@/client/features/galleries/load-gallery';
import type { AppPage } from '@/client/layouts/page-types';

/** /gallery/{id}: one photo gallery, rendered on the server for the first load. */
const GalleryPage: AppPage<GalleryPageProps> = (props) => <GalleryDetailPage {...props} />;

GalleryPage.getInitialProps = loadGalleryPage;

export default GalleryPage;
