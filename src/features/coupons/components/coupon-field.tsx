import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { focusFirstError } from '@/lib/form-errors';
import { formatInr } from '@/lib/money';
import type { CouponCheck } from '../api/apply-coupon';

export interface CouponFieldProps {
  appliedCode: string | undefined;
  check: CouponCheck;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** Enter a code, see its discount or why it does not apply, next to the field. */
export function CouponField({ appliedCode, check, onApply, onRemove }: CouponFieldProps) {
  const [text, setText] = useState(appliedCode ?? '');
  const [localError, setLocalError] = useState<string | null>(null);
  const serverError =
    check.state === 'refused'
      ? check.message
      : check.state === 'offline'
        ? 'You are offline; the coupon will be checked when you are back online.'
        : check.state === 'failed'
          ? 'The coupon could not be checked. Please try again.'
          : null;
  const applied = check.state === 'applied' ? check.coupon : null;

  return (
    <form
      ref={focusFirstError}
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
        <Button type="submit" variant="default" mt={25} loading={check.state === 'checking'}>
          Apply
        </Button>
      </Group>
      {applied ? (
        <Group justify="space-between" mt={6} wrap="nowrap" role="status">
          <Text fz="sm" c="var(--cv-success-text)" style={{ flex: 1, minWidth: 0 }}>
            {applied.code} applied: you save {formatInr(applied.discount)}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ flexShrink: 0 }}
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
