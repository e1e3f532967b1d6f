import type { StaffProduct } from '@/contract/admin';
import type { VariantInput, VariantKind } from '@/contract/variants';

/** A variant as the form holds it: money in rupees as staff type it (empty: the product's price). */
export interface VariantValues {
  id?: number | undefined;
  label: string;
  sku: string;
  stock: number | string;
  price: number | string;
}

/** The form's part of the variants: their one kind, and the rows. */
export interface VariantFormValues {
  variant_kind: VariantKind;
  variants: VariantValues[];
}

export function variantValuesOf(product: StaffProduct | null): VariantFormValues {
  const variants = product?.variants ?? [];
  return {
    variant_kind: variants[0]?.kind ?? 'size',
    variants: variants.map((variant) => ({
      id: variant.id,
      label: variant.label,
      sku: variant.sku,
      stock: variant.stock,
      price: variant.price === null ? '' : variant.price / 100,
    })),
  };
}

/** The variants as the server takes them, in paise. */
export function variantInputsOf(values: VariantFormValues): VariantInput[] {
  return values.variants.map((variant) => ({
    ...(variant.id === undefined ? {} : { id: variant.id }),
    kind: values.variant_kind,
    label: variant.label,
    sku: variant.sku,
    stock: Number(variant.stock),
    price: variant.price === '' ? null : Math.round(Number(variant.price) * 100),
  }));
}
