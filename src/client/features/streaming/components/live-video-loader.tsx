import dynamic from 'next/dynamic';
import { Skeleton } from 'antd';

/** The Agora SDK needs `window`: the video is rendered in the browser only. */
export const LiveVideoLoader = dynamic(() => import('./live-video').then((m) => m.LiveVideo), {
  ssr: false,
  loading: () => <Skeleton.Node active style={{ width: '100%', aspectRatio: '16 / 9' }} />,
});
