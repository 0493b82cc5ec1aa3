// antd's Result as a module of its own, for LazyResult (lazy-result.tsx) to load.
export { Result as default } from 'antd';
