import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/components/home-page';
import { useHomeData } from '@/features/site-settings/hooks/use-home-data';
import { useAppStore } from '@/lib/app-store';

function HomeRoute() {
  const data = useHomeData();
  const siteName = useAppStore((state) => state.siteSetting?.site_name) || 'CineVerse';
  return <HomePage data={data} siteName={siteName} />;
}

export const Route = createFileRoute('/')({ component: HomeRoute });
