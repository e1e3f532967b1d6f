import { createFileRoute } from '@tanstack/react-router';
import { idParamsSchema } from '@/contract/catalog';
import { EditProductPage } from '@/features/admin-products/components/product-form-page';

function EditProductRoute() {
  const { productId } = Route.useParams();
  return <EditProductPage key={productId} productId={productId} />;
}

export const Route = createFileRoute('/admin/products/$productId')({
  params: {
    parse: (params) => ({ productId: idParamsSchema.shape.id.parse(params.productId) }),
    stringify: (params) => ({ productId: String(params.productId) }),
  },
  component: EditProductRoute,
});
