import type { BANNER_PANELS } from '../../../domain/navigation/menu';

export type BannerPanel = (typeof BANNER_PANELS)[number];
