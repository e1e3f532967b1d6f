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
import { GST_RATES, type GstRate } from '@/contract/gst';
import { ApiError } from '@/lib/api-client';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { imageUrl } from '@/lib/image-url';
import { notifyFailure } from '@/lib/notify-failure';
import { staffCategoriesQuery, staffProductQuery, useDeleteProduct, useSaveProduct } from '../api/staff-products';
import { variantInputsOf, variantValuesOf, type VariantFormValues } from './variant-values';
import { VariantsField } from './variants-field';
import { variants_admin_stock_sum } from '@/paraglide/messages/variants_admin_stock_sum.js';
import { staffProducts_add } from '@/paraglide/messages/staffproducts_add1.js';
import { staffProducts_add_image } from '@/paraglide/messages/staffproducts_add_image1.js';
import { staffProducts_back } from '@/paraglide/messages/staffproducts_back1.js';
import { staffProducts_categories_loading } from '@/paraglide/messages/staffproducts_categories_loading1.js';
import { staffProducts_category } from '@/paraglide/messages/staffproducts_category1.js';
import { staffProducts_category_hint } from '@/paraglide/messages/staffproducts_category_hint1.js';
import { staffProducts_cover_image } from '@/paraglide/messages/staffproducts_cover_image1.js';
import { staffProducts_delete } from '@/paraglide/messages/staffproducts_delete1.js';
import { staffProducts_delete_failed } from '@/paraglide/messages/staffproducts_delete_failed1.js';
import { staffProducts_delete_text } from '@/paraglide/messages/staffproducts_delete_text1.js';
import { staffProducts_delete_title } from '@/paraglide/messages/staffproducts_delete_title1.js';
import { staffProducts_delete_yes } from '@/paraglide/messages/staffproducts_delete_yes1.js';
import { staffProducts_description } from '@/paraglide/messages/staffproducts_description1.js';
import { staffProducts_image } from '@/paraglide/messages/staffproducts_image1.js';
import { staffProducts_image_cover } from '@/paraglide/messages/staffproducts_image_cover1.js';
import { staffProducts_images } from '@/paraglide/messages/staffproducts_images1.js';
import { staffProducts_keep } from '@/paraglide/messages/staffproducts_keep1.js';
import { staffProducts_load_failed } from '@/paraglide/messages/staffproducts_load_failed1.js';
import { staffProducts_loading } from '@/paraglide/messages/staffproducts_loading1.js';
import { staffProducts_mrp } from '@/paraglide/messages/staffproducts_mrp1.js';
import { staffProducts_name } from '@/paraglide/messages/staffproducts_name1.js';
import { staffProducts_new } from '@/paraglide/messages/staffproducts_new1.js';
import { staffProducts_new_category } from '@/paraglide/messages/staffproducts_new_category1.js';
import { staffProducts_new_category_hint } from '@/paraglide/messages/staffproducts_new_category_hint1.js';
import { staffProducts_new_category_name } from '@/paraglide/messages/staffproducts_new_category_name1.js';
import { staffProducts_offline } from '@/paraglide/messages/staffproducts_offline1.js';
import { staffProducts_perishable } from '@/paraglide/messages/staffproducts_perishable1.js';
import { staffProducts_pick_category } from '@/paraglide/messages/staffproducts_pick_category1.js';
import { staffProducts_pick_from_list } from '@/paraglide/messages/staffproducts_pick_from_list1.js';
import { staffProducts_price_hint } from '@/paraglide/messages/staffproducts_price_hint1.js';
import { staffProducts_price_rupees } from '@/paraglide/messages/staffproducts_price_rupees1.js';
import { staffProducts_remove_image } from '@/paraglide/messages/staffproducts_remove_image1.js';
import { staffProducts_save } from '@/paraglide/messages/staffproducts_save1.js';
import { staffProducts_saved } from '@/paraglide/messages/staffproducts_saved1.js';
import { staffProducts_stock } from '@/paraglide/messages/staffproducts_stock1.js';
import { staffProducts_visible_switch } from '@/paraglide/messages/staffproducts_visible_switch1.js';
import { gst_hsn_hint } from '@/paraglide/messages/gst_hsn_hint.js';
import { gst_hsn_label } from '@/paraglide/messages/gst_hsn_label.js';
import { gst_rate_label } from '@/paraglide/messages/gst_rate_label.js';
import { gst_rate_option } from '@/paraglide/messages/gst_rate_option.js';

/** The form's values: money in rupees as staff type it, sent in paise. */
interface ProductValues extends VariantFormValues {
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
  hsn_code: string;
  gst_rate: string;
}

const toPaise = (rupees: number | string) => Math.round(Number(rupees) * 100);

function valuesOf(product: StaffProduct | null): ProductValues {
  return { ...productValuesOf(product), ...variantValuesOf(product) };
}

function productValuesOf(product: StaffProduct | null): Omit<ProductValues, keyof VariantFormValues> {
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
        hsn_code: product.hsn_code,
        gst_rate: String(product.gst_rate),
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
        hsn_code: '',
        gst_rate: '18',
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
          label={staffProducts_new_category_name()}
          required
          description={staffProducts_new_category_hint()}
          autoComplete="off"
          {...form.getInputProps('category')}
        />
      ) : (
        <NativeSelect
          label={staffProducts_category()}
          required
          description={staffProducts_category_hint()}
          data={[
            {
              value: '',
              label: categories.isPending ? staffProducts_categories_loading() : staffProducts_pick_category(),
            },
            ...options,
          ]}
          {...form.getInputProps('category')}
        />
      )}
      <Group gap="xs">
        <Button variant="subtle" size="compact-sm" onClick={() => switchTo(!typing)}>
          {typing ? staffProducts_pick_from_list() : staffProducts_new_category()}
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
          hsn_code: values.hsn_code.trim(),
          gst_rate: Number(values.gst_rate) as GstRate,
          variants: variantInputsOf(values),
        },
      });
      setKey(newIdempotencyKey());
      notifications.show({ color: 'green', message: staffProducts_saved({ name: saved.name }) });
      if (!product) void navigate({ to: '/admin/products/$productId', params: { productId: saved.id } });
    } catch (error) {
      const message = applyServerError(form, error, staffProducts_offline());
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
        <TextInput label={staffProducts_name()} required {...form.getInputProps('name')} />
        <CategoryField form={form} />
        <Textarea label={staffProducts_description()} autosize minRows={3} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput label={staffProducts_mrp()} required min={1} decimalScale={2} {...form.getInputProps('mrp')} />
          <NumberInput
            label={staffProducts_price_rupees()}
            required
            min={1}
            decimalScale={2}
            description={staffProducts_price_hint()}
            {...form.getInputProps('price')}
          />
          <NumberInput
            label={staffProducts_stock()}
            required
            min={0}
            allowDecimal={false}
            {...form.getInputProps('stock')}
            // With sizes or colours, the stock is theirs, added up.
            {...(form.values.variants.length > 0
              ? {
                  disabled: true,
                  value: form.values.variants.reduce((sum, variant) => sum + Number(variant.stock || 0), 0),
                  description: variants_admin_stock_sum({
                    count: form.values.variants.reduce((sum, variant) => sum + Number(variant.stock || 0), 0),
                  }),
                }
              : {})}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={gst_hsn_label()}
            description={gst_hsn_hint()}
            inputMode="numeric"
            maxLength={8}
            {...form.getInputProps('hsn_code')}
          />
          <NativeSelect
            label={gst_rate_label()}
            data={GST_RATES.map((rate) => ({ value: String(rate), label: gst_rate_option({ rate }) }))}
            {...form.getInputProps('gst_rate')}
          />
        </SimpleGrid>
        <VariantsField form={form} />
        <Switch label={staffProducts_perishable()} {...form.getInputProps('perishable', { type: 'checkbox' })} />
        <Switch label={staffProducts_visible_switch()} {...form.getInputProps('visible', { type: 'checkbox' })} />
        <Stack gap="xs">
          {images.length > 0 ? (
            <Group gap="sm" aria-label={staffProducts_images()} role="list">
              {images.map((image, index) => (
                <Stack key={image} gap={4} role="listitem">
                  <ResponsiveImage
                    className={classes.preview}
                    src={imageUrl(image, 'product')}
                    sizes="120px"
                    alt={(index === 0 ? staffProducts_image_cover : staffProducts_image)({ number: index + 1 })}
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
                    {staffProducts_remove_image({ number: index + 1 })}
                  </Button>
                </Stack>
              ))}
            </Group>
          ) : null}
          {images.length < 10 ? (
            <ImageUpload
              folder="product"
              label={images.length === 0 ? staffProducts_cover_image() : staffProducts_add_image()}
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
            {product ? staffProducts_save() : staffProducts_add()}
          </Button>
          {product ? (
            <ConfirmAction
              label={staffProducts_delete()}
              title={staffProducts_delete_title({ name: product.name })}
              message={staffProducts_delete_text()}
              confirmLabel={staffProducts_delete_yes()}
              cancelLabel={staffProducts_keep()}
              loading={remove.isPending}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: (answer) => {
                    notifications.show({ color: 'green', message: answer.message });
                    void navigate({ to: '/admin/products' });
                  },
                  onError: notifyFailure(staffProducts_delete_failed()),
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
    <AdminPage title={staffProducts_new()}>
      <Anchor component={Link} to="/admin/products" fz="sm">
        {staffProducts_back()}
      </Anchor>
      <ProductForm product={null} />
    </AdminPage>
  );
}

export function EditProductPage({ productId }: { productId: number }) {
  const query = useQuery(staffProductQuery(productId));
  if (query.isPending) return <LoadingState label={staffProducts_loading()} />;
  if (query.isError) {
    return (
      <LoadError
        title={staffProducts_load_failed()}
        error={query.error}
        what="product"
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <AdminPage title={query.data.name}>
      <Anchor component={Link} to="/admin/products" fz="sm">
        {staffProducts_back()}
      </Anchor>
      <ProductForm product={query.data} />
    </AdminPage>
  );
}
