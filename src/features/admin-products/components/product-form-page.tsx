import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import classes from '@/components/admin/admin.module.css';
import { AdminPage } from '@/components/admin/admin-page';
import { ConfirmAction } from '@/components/admin/confirm-action';
import { ImageUpload } from '@/components/admin/image-upload';
import { LoadError, LoadingState } from '@/components/query-states';
import { ResponsiveImage } from '@/components/responsive-image';
import type { StaffProduct } from '@/contract/admin';
import { ApiError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { imageUrl } from '@/lib/image-url';
import { notifyFailure } from '@/lib/notify-failure';
import { staffCategoriesQuery, staffProductQuery, useDeleteProduct, useSaveProduct } from '../api/staff-products';

const OFFLINE = 'You are offline: nothing was saved. Try again when you are back online.';

/** The form's values: money in rupees as staff type it, sent in paise. */
interface ProductValues {
  name: string;
  description: string;
  category: string;
  /** The category is typed as a new one (the "New category" button), not picked from the list. */
  new_category: boolean;
  images: string[];
  mrp: number | string;
  price: number | string;
  stock: number | string;
  perishable: boolean;
  visible: boolean;
}

const toPaise = (rupees: number | string) => Math.round(Number(rupees) * 100);

function valuesOf(product: StaffProduct | null): ProductValues {
  return product
    ? {
        name: product.name,
        description: product.description,
        category: product.category,
        new_category: false,
        images: product.images,
        mrp: product.mrp / 100,
        price: product.price / 100,
        stock: product.stock,
        perishable: product.perishable,
        visible: product.visible,
      }
    : {
        name: '',
        description: '',
        category: '',
        new_category: false,
        images: [],
        mrp: '',
        price: '',
        stock: 0,
        perishable: false,
        visible: true,
      };
}

/**
 * The category, picked from those products have, so that one category is never spelt two ways; a new one is typed only
 * after "New category" (the server refuses a name that exists in any case).
 */
function CategoryField({ form }: { form: UseFormReturnType<ProductValues> }) {
  const categories = useQuery(staffCategoriesQuery());
  const typing = form.values.new_category;
  const switchTo = (newCategory: boolean) => {
    form.setValues({ new_category: newCategory, category: '' });
    form.clearFieldError('category');
  };
  const current = form.values.category;
  const known = categories.data ?? [];
  // The product's own category is offered while the list loads, or if it is one no list has yet.
  const options = current && !known.includes(current) ? [current, ...known] : known;
  return (
    <Stack gap={4}>
      {typing ? (
        <TextInput
          label="New category name"
          required
          description="Shoppers filter by it: check the list does not have it already"
          autoComplete="off"
          {...form.getInputProps('category')}
        />
      ) : (
        <NativeSelect
          label="Category"
          required
          description="As shoppers filter by it"
          data={[
            { value: '', label: categories.isPending ? 'Loading the categories…' : 'Pick a category' },
            ...options,
          ]}
          {...form.getInputProps('category')}
        />
      )}
      <Group gap="xs">
        <Button variant="subtle" size="compact-sm" onClick={() => switchTo(!typing)}>
          {typing ? 'Pick from the list' : 'New category'}
        </Button>
      </Group>
    </Stack>
  );
}

function ProductForm({ product }: { product: StaffProduct | null }) {
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id ?? null);
  const remove = useDeleteProduct(product?.id ?? 0);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per edit: a save retried after a lost answer is not applied twice (a new product not added twice).
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm<ProductValues>({ mode: 'controlled', initialValues: valuesOf(product) });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        key,
        input: {
          name: values.name,
          description: values.description,
          category: values.category,
          new_category: values.new_category,
          images: values.images,
          mrp: toPaise(values.mrp),
          price: toPaise(values.price),
          stock: Number(values.stock),
          perishable: values.perishable,
          visible: values.visible,
        },
      });
      setKey(newIdempotencyKey());
      notifications.show({ color: 'green', message: `${saved.name} is saved` });
      if (!product) void navigate({ to: '/admin/products/$productId', params: { productId: saved.id } });
    } catch (error) {
      const message = applyServerError(form, error, OFFLINE);
      setFailure(message);
      // The refusal is next to its field: the person is taken there.
      if (message === null && error instanceof ApiError && error.field) form.getInputNode(error.field)?.focus();
    }
  });

  const images = form.values.images;
  return (
    <form ref={focusFirstError} onSubmit={submit} noValidate>
      <Stack gap="md" maw={760}>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <CategoryField form={form} />
        <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput label="MRP (₹)" required min={1} decimalScale={2} {...form.getInputProps('mrp')} />
          <NumberInput
            label="Price (₹)"
            required
            min={1}
            decimalScale={2}
            description="At most the MRP"
            {...form.getInputProps('price')}
          />
          <NumberInput label="Stock" required min={0} allowDecimal={false} {...form.getInputProps('stock')} />
        </SimpleGrid>
        <Switch
          label="Perishable (cannot be cancelled once ordered)"
          {...form.getInputProps('perishable', { type: 'checkbox' })}
        />
        <Switch label="On sale (shown in the shop)" {...form.getInputProps('visible', { type: 'checkbox' })} />
        <Stack gap="xs">
          {images.length > 0 ? (
            <Group gap="sm" aria-label="Images" role="list">
              {images.map((image, index) => (
                <Stack key={image} gap={4} role="listitem">
                  <ResponsiveImage
                    className={classes.preview}
                    src={imageUrl(image, 'product')}
                    sizes="120px"
                    alt={`Image ${index + 1}${index === 0 ? ' (cover)' : ''}`}
                    width={120}
                  />
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() =>
                      form.setFieldValue(
                        'images',
                        images.filter((name) => name !== image),
                      )
                    }
                  >
                    Remove image {index + 1}
                  </Button>
                </Stack>
              ))}
            </Group>
          ) : null}
          {images.length < 10 ? (
            <ImageUpload
              folder="product"
              label={images.length === 0 ? 'Cover image' : 'Add an image'}
              value=""
              onChange={(name) => {
                if (name) form.setFieldValue('images', [...images, name]);
              }}
              error={form.errors.images as string | undefined}
            />
          ) : null}
        </Stack>
        <Group justify="space-between">
          <Button type="submit" loading={save.isPending}>
            {product ? 'Save changes' : 'Add product'}
          </Button>
          {product ? (
            <ConfirmAction
              label="Delete product"
              title={`Delete ${product.name}?`}
              message="A product that is in past orders is hidden from the shop instead, so that those orders keep it."
              confirmLabel="Delete"
              loading={remove.isPending}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: (answer) => {
                    notifications.show({ color: 'green', message: answer.message });
                    void navigate({ to: '/admin/products' });
                  },
                  onError: notifyFailure('The product was not deleted'),
                })
              }
            />
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

export function NewProductPage() {
  return (
    <AdminPage title="New product">
      <Anchor component={Link} to="/admin/products" fz="sm">
        ← All products
      </Anchor>
      <ProductForm product={null} />
    </AdminPage>
  );
}

export function EditProductPage({ productId }: { productId: number }) {
  const query = useQuery(staffProductQuery(productId));
  if (query.isPending) return <LoadingState label="Loading the product" />;
  if (query.isError) {
    return (
      <LoadError
        title="The product could not be loaded"
        error={query.error}
        what="product"
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <AdminPage title={query.data.name}>
      <Anchor component={Link} to="/admin/products" fz="sm">
        ← All products
      </Anchor>
      <ProductForm product={query.data} />
    </AdminPage>
  );
}
