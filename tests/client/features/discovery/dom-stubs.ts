import { installMatchMedia } from '../../components/match-media';

// antd's responsive pieces (Pagination, Grid, Carousel) ask for media queries.
installMatchMedia();

export {};
