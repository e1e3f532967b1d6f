import { createFileRoute } from '@tanstack/react-router';
import { NewProductPage } from '@/features/admin-products/components/product-form-page';

export const Route = createFileRoute('/admin/products/new')({
  component: NewProductPage,
});
