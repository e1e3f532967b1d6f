// The choices' and the chart's stylesheets, loaded with the product page (src/app/mantine-styles.ts has the rest).
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Table.css';
import { Button, Chip, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { apparelSizes, type ProductVariant } from '@/contract/variants';
import classes from './catalog.module.css';
import { variants_chart_chest } from '@/paraglide/messages/variants_chart_chest.js';
import { variants_chart_length } from '@/paraglide/messages/variants_chart_length.js';
import { variants_choose_colour } from '@/paraglide/messages/variants_choose_colour.js';
import { variants_choose_size } from '@/paraglide/messages/variants_choose_size.js';
import { variants_colour } from '@/paraglide/messages/variants_colour.js';
import { variants_size } from '@/paraglide/messages/variants_size.js';
import { variants_size_chart } from '@/paraglide/messages/variants_size_chart.js';
import { variants_size_chart_caption } from '@/paraglide/messages/variants_size_chart_caption.js';
import { variants_sold_out } from '@/paraglide/messages/variants_sold_out.js';

/** The shop's apparel measurements in centimetres: chest and length, by size. */
const APPAREL_CHART: Record<(typeof apparelSizes)[number], { chest: number; length: number }> = {
  XS: { chest: 91, length: 66 },
  S: { chest: 96, length: 69 },
  M: { chest: 101, length: 71 },
  L: { chest: 106, length: 74 },
  XL: { chest: 111, length: 76 },
  XXL: { chest: 116, length: 79 },
  XXXL: { chest: 121, length: 81 },
};

const inches = (cm: number) => Math.round(cm / 2.54);

/** Centimetres with inches in brackets, as Indian size charts write them. */
const measure = (cm: number) => `${cm} (${inches(cm)})`;

/** The chart of the sizes a product has, for apparel. */
function SizeChart({ sizes }: { sizes: string[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rows = sizes.flatMap((size) => {
    const row = APPAREL_CHART[size as keyof typeof APPAREL_CHART];
    return row ? [{ size, ...row }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {variants_size_chart()}
      </Button>
      {open ? (
        <Table id={id} withTableBorder fz="sm" mt={4} maw={360} captionSide="bottom">
          <Table.Caption ta="start">{variants_size_chart_caption()}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{variants_size()}</Table.Th>
              <Table.Th scope="col">{variants_chart_chest()}</Table.Th>
              <Table.Th scope="col">{variants_chart_length()}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.size}>
                <Table.Th scope="row">{row.size}</Table.Th>
                <Table.Td>{measure(row.chest)}</Table.Td>
                <Table.Td>{measure(row.length)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </div>
  );
}

export interface VariantPickerProps {
  variants: ProductVariant[];
  /** The size chart shows for apparel sold in sizes. */
  apparel: boolean;
  value: ProductVariant | null;
  onChange: (variant: ProductVariant) => void;
  /** How many times the shopper was asked to choose (an add without one): each time, the choices get the focus. */
  asked: number;
}

/**
 * The product's sizes or colours as choices, one to pick: a sold-out one is shown, struck through, and cannot be
 * picked. With a size chart for apparel.
 */
export function VariantPicker({ variants, apparel, value, onChange, asked }: VariantPickerProps) {
  const kind = variants[0]?.kind ?? 'size';
  const legendId = useId();
  const errorId = useId();
  const choices = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked > 0) choices.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }, [asked]);
  const showError = asked > 0 && value === null;
  return (
    <div>
      <Text id={legendId} fw={600} fz="sm" mb={6}>
        {kind === 'size' ? variants_size() : variants_colour()}
      </Text>
      <Chip.Group
        multiple={false}
        value={value ? String(value.id) : null}
        onChange={(id) => {
          const picked = variants.find((variant) => String(variant.id) === id);
          if (picked) onChange(picked);
        }}
      >
        <Group
          gap="xs"
          role="radiogroup"
          aria-labelledby={legendId}
          aria-describedby={showError ? errorId : undefined}
          aria-invalid={showError || undefined}
          ref={choices}
        >
          {variants.map((variant) => {
            const soldOut = variant.stock <= 0;
            return (
              <Chip
                key={variant.id}
                value={String(variant.id)}
                type="radio"
                disabled={soldOut}
                icon={null}
                classNames={{ label: soldOut ? classes.soldOutChoice : undefined }}
              >
                {variant.label}
                {soldOut ? <VisuallyHidden>, {variants_sold_out()}</VisuallyHidden> : null}
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
      {showError ? (
        <Text id={errorId} c="red" fz="sm" mt={4}>
          {kind === 'size' ? variants_choose_size() : variants_choose_colour()}
        </Text>
      ) : null}
      {apparel && kind === 'size' ? <SizeChart sizes={variants.map((variant) => variant.label)} /> : null}
    </div>
  );
}
