import { createFileRoute } from '@tanstack/react-router';
import { DeliverySettingsPage } from '@/features/admin-delivery/components/delivery-settings-page';

export const Route = createFileRoute('/admin/delivery')({
  component: DeliverySettingsPage,
});
