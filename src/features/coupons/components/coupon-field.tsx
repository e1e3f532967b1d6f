import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, NetworkError } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import type { useAppliedCoupon } from '../api/coupon-calls';

export interface CouponFieldProps {
  appliedCode: string | undefined;
  result: ReturnType<typeof useAppliedCoupon>;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** Enter a code, see its discount or why it does not apply, next to the field. */
export function CouponField({ appliedCode, result, onApply, onRemove }: CouponFieldProps) {
  const [text, setText] = useState(appliedCode ?? '');
  const [localError, setLocalError] = useState<string | null>(null);
  const serverError =
    appliedCode && result.error
      ? result.error instanceof ApiError
        ? result.error.message
        : result.error instanceof NetworkError
          ? 'You are offline; the coupon will be checked when you are back online.'
          : 'The coupon could not be checked. Please try again.'
      : null;
  const applied = appliedCode && result.data && !result.error ? result.data : null;

  return (
    <form
      noValidate
      aria-label="Coupon"
      onSubmit={(event) => {
        event.preventDefault();
        const code = text.trim().toUpperCase();
        if (!code) {
          setLocalError('Coupon code is required');
          return;
        }
        setLocalError(null);
        onApply(code);
      }}
    >
      <Group align="flex-start" gap="xs" mt="md" wrap="nowrap">
        <TextInput
          label="Coupon code"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setLocalError(null);
          }}
          error={localError ?? serverError}
          autoCapitalize="characters"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" mt={25} loading={Boolean(appliedCode) && result.isFetching}>
          Apply
        </Button>
      </Group>
      {applied ? (
        <Group justify="space-between" mt={6} wrap="nowrap" role="status">
          <Text fz="sm" c="var(--cv-success-text)">
            {applied.code} applied: you save {formatInr(applied.discount)}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setText('');
              onRemove();
            }}
          >
            Remove
          </Button>
        </Group>
      ) : null}
    </form>
  );
}
