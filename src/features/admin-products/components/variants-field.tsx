import { Button, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { apparelSizes } from '@/contract/variants';
import type { VariantFormValues } from './variant-values';
import { variants_admin_add } from '@/paraglide/messages/variants_admin_add.js';
import { variants_admin_add_sizes } from '@/paraglide/messages/variants_admin_add_sizes.js';
import { variants_admin_hint } from '@/paraglide/messages/variants_admin_hint.js';
import { variants_admin_kind } from '@/paraglide/messages/variants_admin_kind.js';
import { variants_admin_label } from '@/paraglide/messages/variants_admin_label.js';
import { variants_admin_price } from '@/paraglide/messages/variants_admin_price.js';
import { variants_admin_remove } from '@/paraglide/messages/variants_admin_remove.js';
import { variants_admin_sku } from '@/paraglide/messages/variants_admin_sku.js';
import { variants_admin_stock } from '@/paraglide/messages/variants_admin_stock.js';
import { variants_admin_title } from '@/paraglide/messages/variants_admin_title.js';
import { variants_colour } from '@/paraglide/messages/variants_colour.js';
import { variants_size } from '@/paraglide/messages/variants_size.js';

/** A stock keeping unit from the product's name and the size: `DIRECTORS-CHAIR-HOODIE-M`. */
function skuOf(name: string, label: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase();
  return `${base || 'SKU'}-${label.replace(/[^A-Za-z0-9]+/g, '').toUpperCase()}`;
}

/** The product's sizes or colours: each with its label, SKU, stock and optional own price; added and removed here. */
export function VariantsField<Values extends VariantFormValues & { name: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  // The form's own type is wider than this part of it: these paths are the part's.
  const part = form as unknown as UseFormReturnType<VariantFormValues & { name: string }>;
  const rows = part.values.variants;
  const add = (labels: string[]) =>
    part.setFieldValue('variants', [
      ...rows,
      ...labels.map((label) => ({ label, sku: label ? skuOf(part.values.name, label) : '', stock: 0, price: '' })),
    ]);
  return (
    <Fieldset legend={variants_admin_title()}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {variants_admin_hint()}
        </Text>
        {rows.length > 0 ? (
          <NativeSelect
            label={variants_admin_kind()}
            maw={200}
            data={[
              { value: 'size', label: variants_size() },
              { value: 'colour', label: variants_colour() },
            ]}
            {...part.getInputProps('variant_kind')}
          />
        ) : null}
        {rows.map((row, index) => (
          <SimpleGrid key={row.id ?? `new-${index}`} cols={{ base: 2, sm: 5 }} spacing="xs" verticalSpacing="xs">
            <TextInput label={variants_admin_label()} required {...part.getInputProps(`variants.${index}.label`)} />
            <TextInput label={variants_admin_sku()} required {...part.getInputProps(`variants.${index}.sku`)} />
            <NumberInput
              label={variants_admin_stock()}
              required
              min={0}
              allowDecimal={false}
              {...part.getInputProps(`variants.${index}.stock`)}
            />
            <NumberInput
              label={variants_admin_price()}
              min={1}
              decimalScale={2}
              {...part.getInputProps(`variants.${index}.price`)}
            />
            <Group align="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="compact-md"
                onClick={() => part.removeListItem('variants', index)}
              >
                {variants_admin_remove({ label: row.label || String(index + 1) })}
              </Button>
            </Group>
          </SimpleGrid>
        ))}
        <Group gap="xs">
          <Button variant="light" size="compact-md" onClick={() => add([''])}>
            {variants_admin_add()}
          </Button>
          {rows.length === 0 ? (
            <Button variant="subtle" size="compact-md" onClick={() => add(apparelSizes.slice(1, 6))}>
              {variants_admin_add_sizes()}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Fieldset>
  );
}
