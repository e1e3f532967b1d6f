import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { focusFirstError } from '@/lib/form-errors';
import { formatInr } from '@/lib/money';
import type { CouponCheck, CouponComparison } from '../api/apply-coupon';
import classes from './coupons.module.css';

export interface CouponFieldProps {
  appliedCode: string | undefined;
  check: CouponCheck;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** Two coupons for this cart, both savings shown; null otherwise. */
  comparison?: CouponComparison | null;
  /** The shopper takes the other coupon of the comparison. */
  onChoose?: (comparison: CouponComparison) => void;
  /** A second code being checked against the applied one. */
  comparing?: boolean;
  /** Why the code entered last was not applied, while another stays applied. */
  attemptError?: string | null;
  /** A code applied other than by typing it here (and a count of such changes): the field then shows it. */
  shown?: { code: string; at: number } | null;
}

/** Which coupon stays and why, in a sentence. */
function comparisonNote({ applied, other, entered, chosen }: CouponComparison): string {
  if (chosen) return `You chose ${applied.code}. ${other.code} would save ${formatInr(other.saving)}.`;
  if (applied.saving === other.saving) {
    return `${applied.code} and ${other.code} both save ${formatInr(applied.saving)}: ${applied.code} stays applied.`;
  }
  return entered === applied.code
    ? `${applied.code} saves more than ${other.code}, so it replaces it.`
    : `${entered} saves less than ${applied.code}, so ${applied.code} stays applied.`;
}

/** Enter a code, see its discount or why it does not apply, next to the field. */
export function CouponField({
  appliedCode,
  check,
  onApply,
  onRemove,
  comparison,
  onChoose,
  comparing,
  attemptError,
  shown,
}: CouponFieldProps) {
  const [text, setText] = useState(appliedCode ?? '');
  const [shownSeen, setShownSeen] = useState(shown?.at);
  if (shown && shown.at !== shownSeen) {
    setShownSeen(shown.at);
    setText(shown.code);
  }
  const [localError, setLocalError] = useState<string | null>(null);
  const serverError =
    attemptError ??
    (check.state === 'refused'
      ? check.message
      : check.state === 'offline'
        ? 'You are offline; the coupon will be checked when you are back online.'
        : check.state === 'failed'
          ? 'The coupon could not be checked. Please try again.'
          : null);
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
        <Button type="submit" variant="default" mt={25} loading={check.state === 'checking' || comparing}>
          Apply
        </Button>
      </Group>
      {applied && comparison ? (
        <div className={classes.comparison} role="status" aria-label="Two coupons for this cart">
          <Text fz="sm">{comparisonNote(comparison)}</Text>
          <ul className={classes.savings}>
            {[comparison.applied, comparison.other].map((coupon) => (
              <li key={coupon.code}>
                <Text fz="sm" fw={600}>
                  {coupon.code}
                </Text>
                <Text fz="sm">saves {formatInr(coupon.saving)}</Text>
                {coupon === comparison.applied ? (
                  <Text fz="sm" c="var(--cv-success-text)" fw={600}>
                    Applied
                  </Text>
                ) : (
                  <Button variant="light" size="compact-sm" onClick={() => onChoose?.(comparison)}>
                    Use {coupon.code} instead
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
