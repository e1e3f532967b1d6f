import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { sectionTypes } from '@/contract/site';
import { SectionsPage } from '@/features/admin-content/components/content-pages';
import { lenient } from '@/lib/search-params';

const searchSchema = z.object({ type: lenient(z.enum(sectionTypes)) });

function SectionsRoute() {
  const { type } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SectionsPage type={type ?? sectionTypes[0]} onChange={(next) => void navigate({ search: { type: next } })} />;
}

export const Route = createFileRoute('/admin/sections')({
  validateSearch: (search) => searchSchema.parse(search),
  component: SectionsRoute,
});
