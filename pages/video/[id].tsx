import { loadVideoPage, type VideoPageProps } from '@/client/features/videos/load-video';
import { VideoDetail } from '@/client/features/videos/components/video-detail';
import type { AppPage } from '@/client/layouts/page-types';

/** /video/[id]: a video, rendered on the server (title and meta tags for shared links). */
const VideoPage: AppPage<VideoPageProps> = (props) => <VideoDetail {...props} />;

VideoPage.getInitialProps = loadVideoPage;

export default VideoPage;
