import { ManageGalleryPage } from '@/client/features/galleries/components/manage-gallery-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-gallery/{id}: one of the creator's galleries, its photos and details. */
const CreatorGalleryPage: AppPage = () => <ManageGalleryPage />;

CreatorGalleryPage.authenticate = true;
CreatorGalleryPage.onlyPerformer = true;
CreatorGalleryPage.layout = 'studio';

export default CreatorGalleryPage;
