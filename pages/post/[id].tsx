import { PostDetail } from '@/client/features/feeds/components/post-detail';
import { loadPostPage, type PostPageProps } from '@/client/features/feeds/load-post';
import type { AppPage } from '@/client/layouts/page-types';

/** /post/{id}: one post, rendered on the server. */
const PostPage: AppPage<PostPageProps> = (props) => <PostDetail {...props} />;

PostPage.getInitialProps = loadPostPage;

export default PostPage;
