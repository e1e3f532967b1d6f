import { createFileRoute } from '@tanstack/react-router';
import { sectionTypes } from '@/contract/site';
import { ContentPage } from '@/features/admin-content/components/content-pages';
import { type ContentList, contentLists } from '@/features/admin-content/content-lists';
import { adminSearch, oneOf } from '@/lib/search-params';

function ContentRoute() {
  const { list } = Route.useParams();
  const { type } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContentPage
      key={list}
      list={list}
      type={oneOf(sectionTypes, type) ?? sectionTypes[0]}
      onChange={(next) => void navigate({ search: next })}
    />
  );
}

/** The lists editors keep in order, one route for the three: banners, insider videos, home sections. */
export const Route = createFileRoute('/admin/content/$list')({
  params: {
    parse: (params) => {
      const list = oneOf(contentLists, params.list);
      if (!list) throw new Error(`There is no list ${params.list}`);
      return { list: list as ContentList };
    },
    stringify: (params) => ({ list: params.list }),
  },
  validateSearch: adminSearch,
  component: ContentRoute,
});
