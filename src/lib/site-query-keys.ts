/** Query keys of the public site's data: the back office refreshes them after an editor's change. */
export const siteKeys = {
  all: () => ['site'] as const,
  homeData: () => [...siteKeys.all(), 'home-data'] as const,
};
