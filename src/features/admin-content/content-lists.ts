/** The lists editors keep in order, each a screen of `/admin/content/$list`. (Tiny: the route's config imports it.) */
export const contentLists = ['banners', 'insiders', 'sections'] as const;
export type ContentList = (typeof contentLists)[number];
