import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/components/home-page';
import { useHomeData } from '@/features/site-settings/hooks/use-home-data';
import { useSiteSettings } from '@/lib/site-settings-context';

function HomeRoute() {
  const data = useHomeData();
  const siteName = useSiteSettings()?.site_name || 'CineVerse';
  return <HomePage data={data} siteName={siteName} />;
}

export const Route = createFileRoute('/')({ component: HomeRoute });
